import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import {
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { AI_PROGRESS, TIMINGS } from '@parley/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiProgressState } from './aiProgress';

const STEP_KEYS = ['analyzing', 'structuring', 'writing', 'scoring', 'finalizing'] as const;

/** The five-step progress shown while the AI writes a prompt (spec 1 §4). */
export function AiProgressOverlay({ progress }: { progress: AiProgressState | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  const done = progress?.value === AI_PROGRESS.done;
  const steps = STEP_KEYS.slice(0, TIMINGS.aiProgressSteps);
  return (
    <Dialog
      open={progress !== null}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid="ai-progress"
    >
      <DialogContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <AutoAwesomeIcon color="primary" />
            <Typography id={titleId} variant="h6" component="h2">
              {done ? t('prompts.ai.progressDone') : t('prompts.ai.progressTitle')}
            </Typography>
          </Stack>
          <Box>
            <LinearProgress
              variant="determinate"
              value={progress?.value ?? 0}
              aria-label={t('prompts.ai.progressLabel')}
              sx={{ height: 8, borderRadius: 4 }}
            />
            <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
              <Typography variant="body2" color="textSecondary" data-testid="ai-progress-step">
                {t('prompts.ai.stepOf', { step: (progress?.step ?? 0) + 1, total: steps.length })}
              </Typography>
              <Typography variant="body2" color="textSecondary" data-testid="ai-progress-value">
                {`${progress?.value ?? 0}%`}
              </Typography>
            </Stack>
          </Box>
          <List dense disablePadding>
            {steps.map((key, index) => {
              const current = progress?.step ?? 0;
              const finished = done || index < current;
              const active = !done && index === current;
              return (
                <ListItem key={key} disableGutters aria-current={active ? 'step' : undefined}>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    {finished ? (
                      <CheckCircleIcon color="success" fontSize="small" />
                    ) : active ? (
                      <CircularProgress size={18} />
                    ) : (
                      <RadioButtonUncheckedIcon color="disabled" fontSize="small" />
                    )}
                  </ListItemIcon>
                  <ListItemText
                    primary={t(`prompts.ai.steps.${key}`)}
                    slotProps={{
                      primary: {
                        color: active ? 'text.primary' : 'text.secondary',
                        sx: { fontWeight: active ? 600 : 400 },
                      },
                    }}
                  />
                </ListItem>
              );
            })}
          </List>
          <Typography variant="body2" color="textSecondary">
            {t('prompts.ai.progressHint')}
          </Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
