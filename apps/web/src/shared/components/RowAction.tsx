import { IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';

/** A row's icon button with its name as tooltip and accessible name. */
export function RowAction({
  label,
  icon,
  onClick,
  disabled,
  color,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  color?: 'error';
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled} color={color}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
