import { missingMetadata } from '@parley/contracts';

/** One row of the Call Metadata section. Required rows come from the chosen prompt and can't be removed. */
export interface MetadataEntry {
  name: string;
  value: string;
  required: boolean;
}

/** The rows for a newly chosen prompt: its required fields, empty (spec 1 §4); none clears the section. */
export function entriesForPrompt(required: readonly string[]): MetadataEntry[] {
  return required.map((name) => ({ name, value: '', required: true }));
}

export const hasEntry = (entries: readonly MetadataEntry[], name: string) =>
  entries.some((entry) => entry.name.toLowerCase() === name.trim().toLowerCase());

/** Adds a custom field; a blank name or one already there changes nothing. */
export function addCustomEntry(entries: MetadataEntry[], name: string, value: string): MetadataEntry[] {
  const trimmed = name.trim();
  if (!trimmed || hasEntry(entries, trimmed)) return entries;
  return [...entries, { name: trimmed, value, required: false }];
}

/** Removes a custom field; required fields stay. */
export function removeEntry(entries: MetadataEntry[], name: string): MetadataEntry[] {
  return entries.filter((entry) => entry.required || entry.name !== name);
}

export function setEntryValue(entries: MetadataEntry[], name: string, value: string): MetadataEntry[] {
  return entries.map((entry) => (entry.name === name ? { ...entry, value } : entry));
}

/** The metadata sent with the upload: name to trimmed value; blank custom values are left out. */
export function metadataOf(entries: readonly MetadataEntry[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const value = entry.value.trim();
    if (value || entry.required) out[entry.name] = value;
  }
  return out;
}

/** Names of the required fields that are still blank. */
export function missingRequired(entries: readonly MetadataEntry[]): string[] {
  return missingMetadata(
    entries.filter((entry) => entry.required).map((entry) => entry.name),
    metadataOf(entries),
  );
}
