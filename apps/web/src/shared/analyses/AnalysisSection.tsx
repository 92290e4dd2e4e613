import { Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled card of the analysis page, with optional content beside the title. */
export function AnalysisSection({
  title,
  children,
  aside,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" data-testid={testId}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}
      >
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {aside}
      </Stack>
      {children}
    </Paper>
  );
}
