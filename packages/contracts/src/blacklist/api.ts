import { z } from 'zod';
import { Id, PG_INTEGER_MAX, wholeNumber } from '../inputs.ts';
import { BLACKLIST, BLACKLIST_TEXTS, isPlausiblePhone, normalizePhone } from './rules.ts';

// Paths (all under /api; admin and owner of the project; others 403, non-members 404):
//   POST   /blacklist          BlacklistCreateRequest            -> 201 BlacklistEntryResponse (409 duplicate)
//   GET    /blacklist?project_id&page&limit                      -> BlacklistListResponse ({data:{data,total,page,limit}})
//   PUT    /blacklist/{id}     BlacklistUpdateRequest            -> BlacklistEntryResponse (409 duplicate)
//   DELETE /blacklist/{id}                                        -> OkResponse
//   POST   /blacklist-import   multipart: file (.csv, <= 10 MB), project_id -> BlacklistImportResult
//   GET    /blacklist/export?project_id -> text/csv attachment blacklist-project-{id}-{timestamp}.csv

const projectId = Id;

/** The raw typed number (the server normalises it); refused when it does not normalise to 7-15 digits. */
export const PhoneNumberInput = z
  .string()
  .trim()
  .min(1, BLACKLIST_TEXTS.phoneRequired)
  .max(BLACKLIST.rawMax, BLACKLIST_TEXTS.phoneTooLong)
  .refine((value) => isPlausiblePhone(normalizePhone(value)), BLACKLIST_TEXTS.phoneInvalid);

/** An empty note is no note. */
const note = z
  .string()
  .trim()
  .max(BLACKLIST.noteMax, BLACKLIST_TEXTS.noteTooLong)
  .nullish()
  .transform((value) => value || null);

export const BlacklistCreateRequest = z.object({
  project_id: projectId,
  phone_number: PhoneNumberInput,
  note,
});
export const BlacklistUpdateRequest = z.object({ phone_number: PhoneNumberInput, note });

/** Spec 1 §3 Blacklist entry (keys as the spec names them). */
export const BlacklistEntry = z.object({
  ID: z.number().int(),
  project_id: z.number().int(),
  /** Normalised, e.g. +15551234567. */
  phone_number: z.string(),
  note: z.string().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type BlacklistEntry = z.infer<typeof BlacklistEntry>;
export const BlacklistEntryResponse = z.object({ data: BlacklistEntry });

export const BlacklistListQuery = z.object({
  project_id: projectId,
  page: wholeNumber(1, PG_INTEGER_MAX).default(1),
  limit: wholeNumber(1, 100).default(BLACKLIST.defaultPageSize),
});
export const BlacklistListResponse = z.object({
  data: z.object({
    data: z.array(BlacklistEntry),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
});

export const BlacklistExportQuery = z.object({ project_id: projectId });
export const BlacklistEntryParams = z.object({ id: Id });

/** Spec 1 §3 Blacklist import result. */
export const BlacklistImportResult = z.object({
  /** Numbers added. */
  success: z.number().int(),
  /** Rows whose number was already on the list or earlier in the file. */
  skipped: z.number().int(),
  /** Rows refused (missing or invalid number, note too long); `errors` says which and why. */
  failed: z.number().int(),
  errors: z.array(z.string()),
});
export type BlacklistImportResult = z.infer<typeof BlacklistImportResult>;
