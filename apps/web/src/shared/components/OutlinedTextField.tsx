import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type OutlinedInputProps,
} from '@mui/material';
import { type ReactNode, type Ref, useId } from 'react';

type OutlinedTextFieldProps = Omit<OutlinedInputProps, 'label' | 'error' | 'ref' | 'inputRef'> & {
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  /** The input element (react-hook-form's `register` gives a ref here). */
  ref?: Ref<HTMLInputElement>;
};

/**
 * An outlined text field as MUI's TextField renders it (the same elements, classes, ids and labels), built of
 * its parts: TextField also imports Select, and with it Menu, Popover and Modal, which the public pages, the
 * first a visitor downloads, never show.
 */
export function OutlinedTextField({
  label,
  helperText,
  error,
  fullWidth,
  disabled,
  required,
  ref,
  ...input
}: OutlinedTextFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      error={error}
      fullWidth={fullWidth}
      disabled={disabled}
      required={required}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} label={label} inputRef={ref} aria-describedby={helperTextId} />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
