import type { SxProps, Theme } from '@mui/material';
import { visuallyHidden } from './visuallyHidden';

/**
 * A table's `sx` that turns its rows into cards on a phone (below sm): each cell on its own line, after its
 * column's name taken from the cell's `data-label`. The header stays for screen readers, out of sight.
 */
export const rowsAsCardsOnPhone: SxProps<Theme> = (theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': visuallyHidden,
    '& tbody tr': {
      display: 'block',
      py: 1,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& tbody td': {
      display: 'flex',
      // (MUI reverses right-aligned cells, which would put the label after the value)
      flexDirection: 'row',
      gap: 2,
      justifyContent: 'space-between',
      alignItems: 'center',
      textAlign: 'right',
      border: 0,
      py: 0.5,
      px: 0,
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
    },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      flexShrink: 0,
      textAlign: 'left',
      fontWeight: 500,
      color: 'text.secondary',
    },
  },
});
