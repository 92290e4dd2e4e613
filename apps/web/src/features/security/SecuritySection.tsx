import { Paper, Stack, Typography } from '@mui/material';
import type { TwoFactorStatus } from '@parley/contracts';
import type { ReactNode } from 'react';
import type { ToastMessage } from '../../shared/components/Toast';

/** What the Security page gives the card of a factor: the status, where new recovery codes go, the toast. */
export interface FactorSectionProps {
  status: TwoFactorStatus;
  onCodes: (codes: string[]) => void;
  notify: (message: ToastMessage) => void;
}

/** One card of the Security page: a titled part of two-factor sign-in (its state beside the title, if any). */
export function SecuritySection({
  title,
  state,
  description,
  testId,
  children,
}: {
  title: string;
  state?: ReactNode;
  description: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {state}
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {description}
      </Typography>
      {children}
    </Paper>
  );
}
