import { type PromptField, validateFieldKeys } from '@parley/contracts';

const flat = (key: string): PromptField => ({ key, type: 'string', explanation: '', includeInScore: false });

/**
 * The key problem of one field at its level (spec 1 §5), in the words of the contracts' validateFieldKeys:
 * the field is checked against the (valid, distinct) keys of the siblings before it, so the message is
 * about this field, and a repeated key is shown once: at its repetition.
 */
export function keyErrorAt(siblings: PromptField[], index: number, path: string[]): string | null {
  const field = siblings[index];
  if (!field) return null;
  const seen = new Set<string>();
  const others: PromptField[] = [];
  siblings.slice(0, index).forEach((sibling) => {
    const key = sibling.key.trim();
    if (!key || /[".]/.test(key) || seen.has(key)) return;
    seen.add(key);
    others.push(flat(sibling.key));
  });
  return validateFieldKeys([...others, flat(field.key)], path);
}
