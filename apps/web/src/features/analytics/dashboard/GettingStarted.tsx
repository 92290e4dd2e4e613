import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { Avatar, Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

function Step({
  number,
  done,
  title,
  description,
  action,
}: {
  number: number;
  done: boolean;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Stack
      direction="row"
      spacing={2}
      component="li"
      sx={{ alignItems: 'flex-start' }}
      data-testid={`start-step-${number}`}
      data-done={done}
    >
      {done ? (
        <CheckCircleIcon color="success" sx={{ fontSize: 32 }} aria-hidden />
      ) : (
        <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 16 }} aria-hidden>
          {number}
        </Avatar>
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: action ? 1 : 0 }}>
          {description}
        </Typography>
        {action}
      </Box>
    </Stack>
  );
}

/**
 * A project without analyses: the steps to its first results, with the links the viewer may follow
 * (billing and prompts for those who manage them, upload unless the project is only being read).
 */
export function GettingStarted({
  projectId,
  canPay,
  hasPrompts,
  canManage,
  canUpload,
}: {
  projectId: number;
  /** The project can pay for an analysis now (starter units, bought units or balance). */
  canPay: boolean;
  hasPrompts: boolean;
  /** Billing and prompts are open to the viewer. */
  canManage: boolean;
  canUpload: boolean;
}) {
  const { t } = useTranslation();
  const fundsAction = canManage ? (
    <Button
      component={RouterLink}
      to={`/projects/${projectId}/billing`}
      variant={canPay ? 'text' : 'contained'}
      startIcon={<AccountBalanceWalletOutlinedIcon />}
    >
      {t('analytics.start.openBilling')}
    </Button>
  ) : canPay ? undefined : (
    <Typography variant="body2">{t('billing.insufficientFunds.askManager')}</Typography>
  );
  const promptAction = canManage ? (
    <Button
      component={RouterLink}
      to={`/projects/${projectId}/prompts/new`}
      variant={hasPrompts ? 'text' : 'contained'}
      startIcon={<PostAddIcon />}
    >
      {t('analytics.start.createPrompt')}
    </Button>
  ) : hasPrompts ? undefined : (
    <Typography variant="body2">{t('analytics.start.askAdmin')}</Typography>
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, mb: 3 }} data-testid="getting-started">
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        {t('analytics.start.title')}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 0.5, mb: 3 }}>
        {t('analytics.start.description')}
      </Typography>
      <Stack component="ol" spacing={3} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        <Step
          number={1}
          done={canPay}
          title={t('analytics.start.fundsTitle')}
          description={t('analytics.start.fundsDescription')}
          action={fundsAction}
        />
        <Step
          number={2}
          done={hasPrompts}
          title={t('analytics.start.promptTitle')}
          description={t('analytics.start.promptDescription')}
          action={promptAction}
        />
        <Step
          number={3}
          done={false}
          title={t('analytics.start.uploadTitle')}
          description={t('analytics.start.uploadDescription')}
          action={
            canUpload ? (
              <Button
                component={RouterLink}
                to={`/projects/${projectId}/analysis/upload`}
                variant={hasPrompts && canPay ? 'contained' : 'outlined'}
                startIcon={<CloudUploadOutlinedIcon />}
              >
                {t('analytics.start.upload')}
              </Button>
            ) : undefined
          }
        />
        <Step
          number={4}
          done={false}
          title={t('analytics.start.resultsTitle')}
          description={t('analytics.start.resultsDescription')}
        />
      </Stack>
    </Paper>
  );
}
