import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { type DragEvent, type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

interface FileDropZoneProps {
  /** Called with the first dropped or chosen file (further files are ignored). */
  onFile: (file: File) => void;
  /** The main line, e.g. 'Drag and drop a file here, or click to browse'. */
  label: ReactNode;
  /** Shown instead of the label while a file is dragged over the zone. */
  activeLabel?: ReactNode;
  /** A second line: what files are accepted. */
  hint?: ReactNode;
  /** The `accept` attribute of the file input (a hint for the browser's picker, not a check). */
  accept?: string;
  /** Accessible name of the hidden file input. */
  inputLabel: string;
  disabled?: boolean;
  /** Draws the zone in the error colour (e.g. the last file was refused). */
  error?: boolean;
  'data-testid'?: string;
}

/** A drag-and-drop area that also opens the file picker on click, Enter or Space. */
export function FileDropZone({
  onFile,
  label,
  activeLabel,
  hint,
  accept,
  inputLabel,
  disabled = false,
  error = false,
  'data-testid': testId,
}: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file && !disabled) onFile(file);
  };

  const open = () => {
    if (!disabled) input.current?.click();
  };

  const onDrag = (event: DragEvent<HTMLDivElement>, over: boolean) => {
    event.preventDefault();
    event.stopPropagation();
    if (!disabled) setDragging(over);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };

  return (
    <Box
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled || undefined}
      aria-describedby={hint ? hintId : undefined}
      data-testid={testId}
      data-dragging={dragging || undefined}
      onClick={open}
      onKeyDown={onKeyDown}
      onDragEnter={(event) => onDrag(event, true)}
      onDragOver={(event) => onDrag(event, true)}
      onDragLeave={(event) => onDrag(event, false)}
      onDrop={(event) => {
        onDrag(event, false);
        take(event.dataTransfer?.files);
      }}
      sx={(theme) => ({
        border: '2px dashed',
        borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
        borderRadius: 2,
        bgcolor: dragging ? alpha(theme.palette.primary.main, 0.06) : 'background.default',
        px: 3,
        py: 5,
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        opacity: disabled ? 0.6 : 1,
        transition: theme.transitions.create(['border-color', 'background-color']),
        outline: 'none',
        '&:hover': disabled ? undefined : { borderColor: 'primary.main' },
        '&:focus-visible': {
          borderColor: 'primary.main',
          boxShadow: `0 0 0 3px ${alpha(theme.palette.primary.main, 0.25)}`,
        },
      })}
    >
      <CloudUploadOutlinedIcon sx={{ fontSize: 48, color: dragging ? 'primary.main' : 'text.secondary' }} />
      <Typography variant="subtitle1" component="p" sx={{ mt: 1, fontWeight: 500 }}>
        {dragging && activeLabel ? activeLabel : label}
      </Typography>
      {hint ? (
        <Typography id={hintId} variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {hint}
        </Typography>
      ) : null}
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        aria-label={inputLabel}
        disabled={disabled}
        data-testid={testId ? `${testId}-input` : undefined}
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          take(event.target.files);
          // Choosing the same file again after removing it must fire change again.
          event.target.value = '';
        }}
      />
    </Box>
  );
}
