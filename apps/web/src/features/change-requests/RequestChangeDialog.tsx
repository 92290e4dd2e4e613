import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type CorrectableField, REASON_MAX, type TranscriptSegment } from '@parley/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clipRedacted, RedactedText } from '../../shared/analyses/RedactedText';
import { ValueInput } from '../../shared/analyses/ValueInput';
import { type Draft, draftOf, readDraft } from '../../shared/analyses/valueDraft';
import { valueText } from '../../shared/analyses/valueText';
import { usePromptChoices } from '../../shared/api/analyses';
import { useCreateChangeRequest } from '../../shared/api/changeRequests';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { formatDuration } from '../../shared/format/numbers';

export interface DisputableField extends CorrectableField {
  aiValue: unknown;
}

/**
 * Ask for a change of an analysis: corrected values of one or more fields (`startPath` first), or, without
 * one, for the analysis to be run again with another prompt. A reason is required; a transcript line may be
 * cited as the moment that shows it. Rendered while open (its state starts afresh each time).
 */
export function RequestChangeDialog({
  onClose,
  projectId,
  taskId,
  fields,
  startPath,
  segments,
  currentPromptId,
}: {
  onClose: () => void;
  projectId: number;
  taskId: number;
  /** The fields that may be disputed (those with an open request left out). */
  fields: DisputableField[];
  /** The field the dialog was opened for; null: a re-analysis. */
  startPath: string | null;
  /** The transcript, each line's speaker by the name the page shows. */
  segments: TranscriptSegment[];
  currentPromptId: number | null;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const errorMessage = useErrorMessage();
  const create = useCreateChangeRequest(projectId, taskId);
  const reanalyze = startPath === null;
  const prompts = usePromptChoices(projectId, reanalyze);
  const [drafts, setDrafts] = useState<Array<{ path: string; draft: Draft }>>(() => {
    const start = fields.find((entry) => entry.path === startPath);
    return start ? [{ path: start.path, draft: draftOf(start.field, start.aiValue) }] : [];
  });
  const [promptId, setPromptId] = useState('');
  const [reason, setReason] = useState('');
  const [moment, setMoment] = useState('');
  const [tried, setTried] = useState(false);

  const byPath = new Map(fields.map((entry) => [entry.path, entry]));
  const items = drafts.flatMap(({ path, draft }) => {
    const entry = byPath.get(path);
    return entry ? [{ entry, draft, read: readDraft(entry.field, draft, entry.aiValue) }] : [];
  });
  const addable = fields.filter((entry) => !drafts.some((item) => item.path === entry.path));
  const valid = reanalyze
    ? Boolean(promptId)
    : items.length > 0 && items.every((item) => item.read.problem === null);
  const reasonMissing = reason.trim() === '';

  const setDraft = (path: string, draft: Draft) =>
    setDrafts((current) => current.map((item) => (item.path === path ? { path, draft } : item)));

  const submit = () => {
    setTried(true);
    if (!valid || reasonMissing) return;
    const line = moment === '' ? null : segments[Number(moment)];
    const transcript_moment = line ? { seconds: line.start, quote: line.text.slice(0, 1000) } : undefined;
    const body = reanalyze
      ? { kind: 'reanalyze' as const, prompt_id: Number(promptId), reason: reason.trim(), transcript_moment }
      : {
          kind: 'field' as const,
          items: items.map((item) => ({ path: item.entry.path, proposed_value: item.read.value! })),
          reason: reason.trim(),
          transcript_moment,
        };
    create.mutate(body, { onSuccess: onClose });
  };

  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>
        {t(reanalyze ? 'changeRequests.dialog.reanalyzeTitle' : 'changeRequests.dialog.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t(reanalyze ? 'changeRequests.dialog.reanalyzeIntro' : 'changeRequests.dialog.intro')}
        </DialogContentText>
        <Stack spacing={2}>
          {reanalyze ? (
            <TextField
              select
              fullWidth
              size="small"
              label={t('analysis.reanalyze.prompt')}
              value={promptId}
              onChange={(event) => setPromptId(event.target.value)}
              error={tried && !promptId}
            >
              {(prompts.data ?? []).map((prompt) => (
                <MenuItem key={prompt.id} value={String(prompt.id)}>
                  {prompt.name}
                  {prompt.id === currentPromptId ? ` (${t('analysis.reanalyze.current')})` : ''}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            items.map(({ entry, draft }) => (
              <Box key={entry.path} data-testid={`request-item-${entry.path}`}>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography variant="subtitle2">{entry.path}</Typography>
                  {items.length > 1 ? (
                    <IconButton
                      size="small"
                      aria-label={t('changeRequests.dialog.removeField', { field: entry.path })}
                      onClick={() =>
                        setDrafts((current) => current.filter((item) => item.path !== entry.path))
                      }
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  ) : null}
                </Stack>
                <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
                  {t('changeRequests.aiValue')}: {valueText(entry.aiValue, t, i18n.language)}
                </Typography>
                <ValueInput
                  field={entry.field}
                  label={t('changeRequests.proposedValue')}
                  draft={draft}
                  aiValue={entry.aiValue}
                  onChange={(next) => setDraft(entry.path, next)}
                  showProblem={tried}
                  disabled={create.isPending}
                />
              </Box>
            ))
          )}
          {!reanalyze && addable.length > 0 ? (
            <TextField
              select
              size="small"
              fullWidth
              label={t('changeRequests.dialog.addField')}
              value=""
              onChange={(event) => {
                const entry = byPath.get(event.target.value);
                if (entry)
                  setDrafts((current) => [
                    ...current,
                    { path: entry.path, draft: draftOf(entry.field, entry.aiValue) },
                  ]);
              }}
            >
              {addable.map((entry) => (
                <MenuItem key={entry.path} value={entry.path}>
                  {entry.path}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField
            required
            fullWidth
            multiline
            minRows={2}
            label={t('changeRequests.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={tried && reasonMissing}
            helperText={tried && reasonMissing ? t('changeRequests.problems.reasonRequired') : undefined}
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          />
          {segments.length > 0 ? (
            <TextField
              select
              fullWidth
              size="small"
              label={t('changeRequests.moment')}
              value={moment}
              onChange={(event) => setMoment(event.target.value)}
            >
              <MenuItem value="">{t('changeRequests.dialog.noMoment')}</MenuItem>
              {segments.map((segment, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: transcript lines have no id
                <MenuItem key={index} value={String(index)} sx={{ whiteSpace: 'normal' }}>
                  {segment.start !== null ? `${formatDuration(segment.start)} · ` : ''}
                  {segment.speaker ? `${segment.speaker}: ` : ''}
                  <RedactedText text={clipRedacted(segment.text, 120)} />
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {create.isError ? <Alert severity="error">{errorMessage(create.error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={submit}
        submitLabel={t('changeRequests.dialog.submit')}
        busy={create.isPending}
      />
    </Dialog>
  );
}
