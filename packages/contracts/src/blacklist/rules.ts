/** Blacklist rules of spec 1 §2.5, §5, §9, shared by the blacklist panel and the server. */

export const BLACKLIST = {
  noteMax: 500,
  pageSizes: [10, 25, 50, 100],
  defaultPageSize: 50,
  /** Import: .csv only, at most 10 MB; the panel warns above 10,000 data rows. */
  importMaxBytes: 10_485_760,
  importWarnRows: 10_000,
  importTimeoutMs: 120_000,
  /** Plausible numbers have this many digits after normalisation (E.164 allows at most 15). */
  minDigits: 7,
  maxDigits: 15,
  phonePlaceholder: '+1234567890',
  /** Longest raw value accepted in the phone field. */
  rawMax: 64,
  /** The import lists at most this many row errors (the failed count is exact). */
  maxImportErrors: 1000,
  importColumns: ['phone_number', 'note'],
  exportColumns: ['phone_number', 'note', 'created_at'],
} as const;

/** The task error (and reason) of a conversation that was not analysed because its number is blacklisted. */
export const SKIPPED_BLACKLISTED = 'skipped: blacklisted';

export const BLACKLIST_TEXTS = {
  phoneRequired: 'Phone number is required.',
  phoneInvalid: `Please enter a valid phone number: ${BLACKLIST.minDigits} to ${BLACKLIST.maxDigits} digits with the country code, e.g. ${BLACKLIST.phonePlaceholder}.`,
  phoneTooLong: `The phone number is longer than ${BLACKLIST.rawMax} characters.`,
  noteTooLong: `The note can be at most ${BLACKLIST.noteMax} characters.`,
  duplicate: (number: string) => `${number} is already on this project's blacklist.`,
  notFound: 'Blacklist entry not found.',
  csvOnly: 'Please choose a .csv file.',
  fileMissing: 'Please choose a CSV file to import.',
  tooLarge: `The file is larger than 10 MB (${BLACKLIST.importMaxBytes.toLocaleString('en-US')} bytes).`,
  missingColumn: 'The file needs a phone_number column (and optionally note) in its first row.',
  rowMissing: (row: number) => `Row ${row}: the phone number is missing.`,
  rowInvalid: (row: number, value: string) =>
    `Row ${row}: "${value.slice(0, 40)}" is not a valid phone number (${BLACKLIST.minDigits} to ${BLACKLIST.maxDigits} digits with the country code).`,
  rowNoteTooLong: (row: number) => `Row ${row}: the note is longer than ${BLACKLIST.noteMax} characters.`,
  rowNotUtf8: (row: number) =>
    `Row ${row}: contains bytes that are not UTF-8 text (save the file as "CSV UTF-8").`,
  moreErrors: (count: number) => `… and ${count.toLocaleString('en-US')} more rows with errors.`,
  uploadSkipped: (id: number) =>
    `Upload received, but the conversation was not analysed: its phone number is on this project's blacklist (skipped: blacklisted). Task ID: ${id}`,
} as const;

/**
 * The stored and compared form of a phone number (spec 1 §5): everything but digits and plus removed; without a
 * leading plus, a 10-digit number gets +1, any other a plus. A value without digits normalises to ''.
 */
export function normalizePhone(raw: string): string {
  const kept = raw.replace(/[^\d+]/g, '');
  if (!/\d/.test(kept)) return '';
  if (kept.startsWith('+')) return kept;
  return kept.length === 10 ? `+1${kept}` : `+${kept}`;
}

/** A plausible normalised number: one leading plus and 7 to 15 digits. */
export function isPlausiblePhone(normalized: string): boolean {
  return new RegExp(`^\\+\\d{${BLACKLIST.minDigits},${BLACKLIST.maxDigits}}$`).test(normalized);
}

/** Why a typed number cannot be saved, or null when it can. */
export function phoneNumberError(raw: string): string | null {
  if (!raw.trim()) return BLACKLIST_TEXTS.phoneRequired;
  if (raw.length > BLACKLIST.rawMax) return BLACKLIST_TEXTS.phoneTooLong;
  return isPlausiblePhone(normalizePhone(raw)) ? null : BLACKLIST_TEXTS.phoneInvalid;
}

/** The phone metadata names looked at when a project names none (compared case-insensitively). */
export const DEFAULT_PHONE_METADATA_FIELD = 'phone';

/**
 * The phone number of a conversation's metadata: the field the project names (else "phone"), matched
 * case-insensitively and trimmed. Null when there is none or it is blank.
 */
export function phoneFromMetadata(
  metadata: Record<string, string>,
  field: string | null | undefined,
): string | null {
  const wanted = (field?.trim() || DEFAULT_PHONE_METADATA_FIELD).toLowerCase();
  const entry = Object.entries(metadata).find(([name]) => name.trim().toLowerCase() === wanted);
  const value = entry?.[1]?.trim();
  return value ? value : null;
}

/** The export's file name: blacklist-project-{id}-{timestamp}.csv, the timestamp as YYYYMMDD-HHMMSS (UTC). */
export function blacklistExportFileName(projectId: number, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, '')
    .replaceAll('-', '')
    .replaceAll(':', '')
    .replace('T', '-');
  return `blacklist-project-${projectId}-${stamp}.csv`;
}
