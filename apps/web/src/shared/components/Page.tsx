import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * One rule for every page's width: the same frame, centred, so the title stands in the same place on every
 * page; a form keeps readable lines by narrowing its content, not the frame.
 */
export const PAGE_MAX_WIDTH = 1400;
export const FORM_MAX_WIDTH = 880;

interface PageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  /** The content is a form: at most FORM_MAX_WIDTH wide, under the title. */
  form?: boolean;
  /** Only print and PDF views set their own width. */
  maxWidth?: number | 'none';
}

/** The frame of a page (also for what stands above a page's title, like breadcrumbs). */
export function PageFrame({
  children,
  maxWidth = PAGE_MAX_WIDTH,
}: {
  children: ReactNode;
  maxWidth?: number | 'none';
}) {
  return <Box sx={{ maxWidth, mx: 'auto', width: '100%' }}>{children}</Box>;
}

/** Standard page: a title row with optional actions, then the content. */
export function Page({ title, subtitle, actions, children, form = false, maxWidth }: PageProps) {
  return (
    <PageFrame maxWidth={maxWidth}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', mb: 3 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body1" color="textSecondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {actions ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {actions}
          </Stack>
        ) : null}
      </Stack>
      {form ? <Box sx={{ maxWidth: FORM_MAX_WIDTH }}>{children}</Box> : children}
    </PageFrame>
  );
}
