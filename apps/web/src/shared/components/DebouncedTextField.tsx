import { TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before a search or filter field applies its text. */
export const INPUT_DEBOUNCE_MS = 400;

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** The applied value (e.g. from the URL); when it changes from outside, the field shows it. */
  value: string;
  /** Called with the text once typing pauses for `delayMs`, or at once on Enter. */
  onCommit: (value: string) => void;
  delayMs?: number;
};

/** A text field that applies what is typed after a pause (search and filter fields). */
export function DebouncedTextField({
  value,
  onCommit,
  delayMs = INPUT_DEBOUNCE_MS,
  onKeyDown,
  ...props
}: Props) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const onCommitRef = useRef(onCommit);
  onCommitRef.current = onCommit;

  // A new applied value from outside (filters cleared, back button): show it. Trailing spaces being typed
  // are not "changes from outside" (the applied value is trimmed).
  useEffect(() => {
    if (value !== committed.current.trim()) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      onCommitRef.current(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && text !== committed.current) {
          committed.current = text;
          onCommitRef.current(text);
        }
        onKeyDown?.(event);
      }}
    />
  );
}
