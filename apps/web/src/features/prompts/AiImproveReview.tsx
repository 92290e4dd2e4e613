import CheckIcon from '@mui/icons-material/Check';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { PROVIDER_NAMES } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Changed, FieldDiffList, SIDE_BY_SIDE, SideCaption } from './FieldDiffList';
import type { PromptFormValues } from './formValues';
import { changedSettings, countChanges, diffFields, type SettingKey } from './promptDiff';

export const SETTING_LABELS: Record<SettingKey, string> = {
  role: 'prompts.basic.role',
  responseLanguage: 'prompts.basic.responseLanguage',
  basicInstruction: 'prompts.basic.basicInstruction',
  companyDetails: 'prompts.basic.companyDetails',
  provider: 'prompts.basic.provider',
  model: 'prompts.basic.modelName',
  LVA: 'prompts.basic.lva',
  finalScore: 'prompts.basic.finalScore',
  maxScore: 'prompts.basic.maxScore',
  isClassification: 'prompts.basic.classification',
  transcriptionTask: 'prompts.basic.transcriptionTask',
  transcriptionLanguage: 'prompts.basic.transcriptionLanguage',
  transcribeInstructions: 'prompts.basic.transcribeInstructions',
  metadataFields: 'prompts.metadata.listLabel',
};

function settingText(key: SettingKey, values: PromptFormValues, t: TFunction): string {
  const empty = t('prompts.ai.review.empty');
  switch (key) {
    case 'role':
      return t(`projectRoles.${values.role}`);
    case 'responseLanguage':
      return t(`prompts.responseLanguages.${values.responseLanguage}`);
    case 'provider':
      return PROVIDER_NAMES[values.provider] ?? values.provider;
    case 'LVA':
      return t(`prompts.lva.${values.LVA}`);
    case 'finalScore':
      return t(`prompts.finalScoreModes.${values.finalScore}`);
    case 'maxScore':
      return values.maxScore === null ? empty : String(values.maxScore);
    case 'isClassification':
      return t(values.isClassification ? 'prompts.ai.review.yes' : 'prompts.ai.review.no');
    case 'transcriptionTask':
      return t(`prompts.transcriptionTasks.${values.transcriptionTask}`);
    case 'transcriptionLanguage':
      return t(`prompts.transcriptionLanguages.${values.transcriptionLanguage}`);
    case 'metadataFields':
      return values.metadataFields.join(', ');
    default:
      return values[key] || empty;
  }
}

interface AiImproveReviewProps {
  current: PromptFormValues;
  /** What the AI proposes; the dialog is open while there is one. */
  proposal: PromptFormValues | null;
  onAccept: () => void;
  onDiscard: () => void;
}

/** AI improve's proposal beside the current prompt: fields added, removed and changed, and settings. */
export function AiImproveReview({ current, proposal, onAccept, onDiscard }: AiImproveReviewProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  // While the dialog fades out (after Accept or Discard) it keeps showing what it showed.
  const last = useRef<{ before: PromptFormValues; after: PromptFormValues } | null>(null);
  if (proposal && (last.current?.after !== proposal || last.current.before !== current))
    last.current = { before: current, after: proposal };
  const shown = last.current;
  const diff = useMemo(() => {
    if (!shown) return null;
    const fields = diffFields(shown.before.content, shown.after.content);
    return { fields, counts: countChanges(fields), settings: changedSettings(shown.before, shown.after) };
  }, [shown]);

  const nothingChanged =
    diff !== null && diff.settings.length === 0 && diff.fields.every((field) => field.status === 'unchanged');

  return (
    <Dialog
      open={proposal !== null}
      onClose={onDiscard}
      aria-labelledby={titleId}
      maxWidth="lg"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{t('prompts.ai.review.title')}</DialogTitle>
      <DialogContent dividers>
        {shown && diff ? (
          <Stack spacing={3}>
            <DialogContentText>{t('prompts.ai.review.intro')}</DialogContentText>
            {nothingChanged ? <Alert severity="info">{t('prompts.ai.review.noChanges')}</Alert> : null}
            <Box component="section" aria-labelledby={`${titleId}-fields`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
                <Typography variant="subtitle1" component="h3" id={`${titleId}-fields`} sx={{ mr: 1 }}>
                  {t('prompts.ai.review.fields')}
                </Typography>
                <Chip
                  size="small"
                  color="success"
                  variant="outlined"
                  data-testid="diff-added"
                  label={t('prompts.ai.review.addedCount', { count: diff.counts.added })}
                />
                <Chip
                  size="small"
                  color="error"
                  variant="outlined"
                  data-testid="diff-removed"
                  label={t('prompts.ai.review.removedCount', { count: diff.counts.removed })}
                />
                <Chip
                  size="small"
                  color="warning"
                  variant="outlined"
                  data-testid="diff-changed"
                  label={t('prompts.ai.review.changedCount', { count: diff.counts.changed })}
                />
              </Stack>
              <FieldDiffList diffs={diff.fields} />
            </Box>
            {diff.settings.length > 0 ? (
              <Box component="section" aria-labelledby={`${titleId}-settings`}>
                <Typography variant="subtitle1" component="h3" id={`${titleId}-settings`} sx={{ mb: 1.5 }}>
                  {t('prompts.ai.review.settings')}
                </Typography>
                <Stack spacing={1} data-testid="diff-settings">
                  {diff.settings.map((key) => (
                    <Box key={key} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                        {t(SETTING_LABELS[key])}
                      </Typography>
                      <Box sx={SIDE_BY_SIDE}>
                        {(['current', 'proposed'] as const).map((side) => (
                          <Box key={side} sx={{ minWidth: 0 }}>
                            <SideCaption side={side} />
                            <Typography
                              variant="body2"
                              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                            >
                              <Changed side={side}>
                                {settingText(key, side === 'current' ? shown.before : shown.after, t)}
                              </Changed>
                            </Typography>
                          </Box>
                        ))}
                      </Box>
                    </Box>
                  ))}
                </Stack>
              </Box>
            ) : null}
            <Accordion variant="outlined" disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                {t('prompts.ai.review.json')}
              </AccordionSummary>
              <AccordionDetails>
                <Box sx={SIDE_BY_SIDE}>
                  {(['current', 'proposed'] as const).map((side) => (
                    <Box key={side} sx={{ minWidth: 0 }}>
                      <Typography variant="overline" color="textSecondary">
                        {t(`prompts.ai.review.${side}`)}
                      </Typography>
                      <Box
                        component="pre"
                        sx={{
                          m: 0,
                          p: 1,
                          bgcolor: 'action.hover',
                          borderRadius: 1,
                          overflow: 'auto',
                          maxHeight: 420,
                          fontSize: 12,
                        }}
                      >
                        {JSON.stringify(side === 'current' ? shown.before : shown.after, null, 2)}
                      </Box>
                    </Box>
                  ))}
                </Box>
              </AccordionDetails>
            </Accordion>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onDiscard}>{t('prompts.ai.review.discard')}</Button>
        <Button variant="contained" startIcon={<CheckIcon />} onClick={onAccept}>
          {t('prompts.ai.review.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
