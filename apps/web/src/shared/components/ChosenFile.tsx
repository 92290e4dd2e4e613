import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The file picked for an upload: its name, a detail line (size ...) and a button to remove it. */
export function ChosenFile({
  name,
  detail,
  removeLabel,
  onRemove,
  disabled = false,
  testId,
  detailTestId,
}: {
  name: string;
  detail: ReactNode;
  removeLabel: string;
  onRemove: () => void;
  /** While the file is being sent it can't be removed. */
  disabled?: boolean;
  testId?: string;
  detailTestId?: string;
}) {
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }}
    >
      <InsertDriveFileOutlinedIcon color="primary" />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography noWrap sx={{ fontWeight: 500 }} data-testid="file-name">
          {name}
        </Typography>
        <Typography variant="body2" color="textSecondary" data-testid={detailTestId}>
          {detail}
        </Typography>
      </Box>
      <Tooltip title={removeLabel}>
        <span>
          <IconButton aria-label={removeLabel} onClick={onRemove} disabled={disabled}>
            <CloseIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Paper>
  );
}
