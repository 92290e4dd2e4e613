import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled card of a settings tab, with optional header actions; `tone="danger"` draws the danger zone. */
export function SettingsSection({
  title,
  description,
  action,
  children,
  tone,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  tone?: 'danger';
  testId?: string;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderColor: tone === 'danger' ? 'error.light' : undefined }}
      data-testid={testId}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h6"
            component="h2"
            color={tone === 'danger' ? 'error' : undefined}
            sx={{ fontWeight: 600 }}
          >
            {title}
          </Typography>
          {description ? (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
              {description}
            </Typography>
          ) : null}
        </Box>
        {action ? (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            {action}
          </Stack>
        ) : null}
      </Stack>
      <Box sx={{ mt: 2 }}>{children}</Box>
    </Paper>
  );
}
