import { FINAL_SCORE_KEY, type PromptField } from '@parley/contracts';

/**
 * Stable identities for fields while editing, so that React keeps each row's state (such as a touched key)
 * when rows move. Kept outside the data so that nothing extra is saved.
 */
const ids = new WeakMap<PromptField, string>();
let counter = 0;

export function fieldId(field: PromptField): string {
  let id = ids.get(field);
  if (!id) {
    counter += 1;
    id = `field-${counter}`;
    ids.set(field, id);
  }
  return id;
}

/** Gives `next` the identity of `previous` (an edited copy is still the same row). */
export function keepIdentity(previous: PromptField, next: PromptField): PromptField {
  if (previous !== next) ids.set(next, fieldId(previous));
  return next;
}

export function replaceAt<T>(list: T[], index: number, item: T): T[] {
  return list.map((entry, i) => (i === index ? item : entry));
}

export function removeAt<T>(list: T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** Swaps an item with its neighbour (direction -1 up, +1 down); out of range does nothing. */
export function move<T>(list: T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

function emptyField(): PromptField {
  return { key: '', type: 'string', explanation: '', includeInScore: false };
}

/** The fields with a new empty one: last, but before the top level's Final Score, which closes the answer. */
export function withNewField(fields: PromptField[], topLevel: boolean): PromptField[] {
  const score = topLevel ? fields.findIndex((field) => field.key === FINAL_SCORE_KEY) : -1;
  if (score === -1) return [...fields, emptyField()];
  return [...fields.slice(0, score), emptyField(), ...fields.slice(score)];
}
