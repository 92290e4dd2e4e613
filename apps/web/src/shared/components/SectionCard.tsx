import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A titled card of an analytics page, with an optional link at the top right ('View all'). */
export function SectionCard({
  title,
  subtitle,
  link,
  children,
  testId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  link?: { to: string; label: string };
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="section" data-testid={testId}>
      <CardContent>
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
            {subtitle ? (
              <Typography variant="body2" color="textSecondary">
                {subtitle}
              </Typography>
            ) : null}
          </Box>
          {link ? (
            <Link component={RouterLink} to={link.to} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {link.label}
            </Link>
          ) : null}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
