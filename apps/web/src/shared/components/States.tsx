import { Alert, AlertTitle, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../api/useErrorMessage';

export function LoadingState({ label, minHeight = 160 }: { label?: ReactNode; minHeight?: number }) {
  const { t } = useTranslation();
  return (
    <Stack
      role="status"
      aria-live="polite"
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'center', minHeight, py: 4 }}
    >
      <CircularProgress size={32} />
      <Typography color="textSecondary">{label ?? t('common.loading')}</Typography>
    </Stack>
  );
}

export function ErrorState({
  title,
  message,
  onRetry,
  children,
}: {
  title?: ReactNode;
  message: ReactNode;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    >
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {message}
      {children}
    </Alert>
  );
}

export function EmptyState({
  icon,
  title,
  description,
  action,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
      {icon ? <Box sx={{ color: 'text.secondary', mb: 1, '& svg': { fontSize: 48 } }}>{icon}</Box> : null}
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {description ? (
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          {description}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 3 }}>{action}</Box> : null}
    </Paper>
  );
}

/**
 * The loading, error (with Retry), empty and loaded states of one query, so every list page shows them
 * the same way.
 */
export function QueryContent<T>({
  query,
  loadingLabel,
  errorTitle,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: ReactNode;
  errorTitle: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const errorMessage = useErrorMessage();
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (empty && isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
