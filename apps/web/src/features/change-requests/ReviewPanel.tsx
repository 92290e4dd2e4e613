import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { type ChangeRequest, correctableFieldAt, type PromptField, REASON_MAX } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ValueInput } from '../../shared/analyses/ValueInput';
import { type Draft, draftOf, readDraft } from '../../shared/analyses/valueDraft';
import {
  type ProposedValue,
  useApproveChangeRequest,
  useRejectChangeRequest,
} from '../../shared/api/changeRequests';
import { useErrorMessage } from '../../shared/api/useErrorMessage';

/**
 * The field definition a request item's value is typed by: the prompt's (from the analysis), else one made
 * from the item, whose options and marks are the values seen.
 */
function itemField(item: ChangeRequest['items'][number], prompt: PromptField[]): PromptField {
  const defined = correctableFieldAt(prompt, item.path);
  if (defined) return defined;
  const seen = [item.proposed_value, item.ai_value];
  return {
    key: item.label,
    type: item.field_type,
    explanation: '',
    includeInScore: false,
    options:
      item.field_type === 'option'
        ? [...new Set(seen.filter((value): value is string => typeof value === 'string'))].map((value) => ({
            value,
            explanation: '',
          }))
        : undefined,
    marks:
      item.field_type === 'marks'
        ? [...new Set(seen.filter((value): value is number => typeof value === 'number'))].map((value) => ({
            value,
            explanation: '',
          }))
        : undefined,
  };
}

/**
 * A reviewer's approve (each value may be edited first) or reject (a reason is required) of an open
 * request.
 */
export function ReviewPanel({
  request,
  projectId,
  prompt,
}: {
  request: ChangeRequest;
  projectId: number;
  /** The fields of the analysis's prompt (empty while it loads). */
  prompt: PromptField[];
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const approve = useApproveChangeRequest(projectId);
  const reject = useRejectChangeRequest(projectId);
  const fields = request.items.map((item) => ({ item, field: itemField(item, prompt) }));
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(fields.map(({ item, field }) => [item.path, draftOf(field, item.proposed_value)])),
  );
  const [reason, setReason] = useState('');
  const [rejectTried, setRejectTried] = useState(false);
  const busy = approve.isPending || reject.isPending;
  const read = fields.map(({ item, field }) => ({ item, result: readDraft(field, drafts[item.path]) }));
  const valid = read.every(({ result }) => result.problem === null);

  const onApprove = () => {
    if (!valid) return;
    const values: Record<string, ProposedValue> = {};
    for (const { item, result } of read) {
      if (result.value !== null && result.value !== item.proposed_value) values[item.path] = result.value;
    }
    approve.mutate({ requestId: request.id, values: Object.keys(values).length > 0 ? values : undefined });
  };
  const onReject = () => {
    setRejectTried(true);
    if (reason.trim() === '') return;
    reject.mutate({ requestId: request.id, reason: reason.trim() });
  };
  const error = approve.error ?? reject.error;

  return (
    <Stack spacing={2} data-testid="review-panel">
      <Typography variant="subtitle1" component="h3">
        {t('changeRequests.review.title')}
      </Typography>
      {fields.map(({ item, field }) => (
        <ValueInput
          key={item.path}
          field={field}
          label={t('changeRequests.review.approvedValue', { field: item.path })}
          draft={drafts[item.path]}
          onChange={(draft) => setDrafts((current) => ({ ...current, [item.path]: draft }))}
          showProblem
          disabled={busy}
        />
      ))}
      <Button variant="contained" color="success" onClick={onApprove} disabled={busy || !valid}>
        {t('changeRequests.review.approve')}
      </Button>
      <TextField
        fullWidth
        multiline
        minRows={2}
        size="small"
        label={t('changeRequests.review.rejectReason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={rejectTried && reason.trim() === ''}
        helperText={
          rejectTried && reason.trim() === '' ? t('changeRequests.problems.reasonRequired') : undefined
        }
        slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
        disabled={busy}
      />
      <Button variant="outlined" color="error" onClick={onReject} disabled={busy}>
        {t('changeRequests.review.reject')}
      </Button>
      {error ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
    </Stack>
  );
}
