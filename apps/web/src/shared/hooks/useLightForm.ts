import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';

/** A field's rule: the message of what is wrong with the value, or undefined when it is fine. */
export type FieldRule = (value: string) => string | undefined;

/**
 * A form of text fields in plain React state, for the pages of a first visit (react-hook-form is 12 KB on the
 * wire): fields are checked on submit and, once submitted, at every change; a refused submit focuses the first
 * wrong field. `field(name)` gives an OutlinedTextField its value, handlers, error and helper text.
 */
export function useLightForm<Name extends string>(
  initial: Record<Name, string>,
  rules: Partial<Record<Name, FieldRule>>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<Name, HTMLInputElement | null>>>({});

  const errorOf = (name: Name, value: string) => rules[name]?.(value);

  const field = (name: Name) => ({
    name,
    value: values[name],
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (submitted) setErrors((current) => ({ ...current, [name]: errorOf(name, value) }));
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
  });

  const handleSubmit = (onValid: (values: Record<Name, string>) => void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const names = Object.keys(values) as Name[];
    const found = Object.fromEntries(names.map((name) => [name, errorOf(name, values[name])])) as Partial<
      Record<Name, string>
    >;
    setErrors(found);
    const wrong = names.find((name) => found[name]);
    if (wrong) inputs.current[wrong]?.focus();
    else onValid(values);
  };

  return { values, field, handleSubmit };
}
