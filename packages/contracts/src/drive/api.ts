import { z } from 'zod';
import { Id, idSchema, PG_INTEGER_MAX } from '../inputs.ts';
import { compileFilenameRegex, regexProblemText } from './regex.ts';
import { DRIVE, DRIVE_TEXTS, FIELD_SOURCES, STRUCTURE_TYPES, sourceKeeps } from './rules.ts';

// Shapes of the Google Drive routes (../routes/google-drive.ts): connections, folder integrations, sync.

const id = Id;
const projectId = Id;
const timestamp = z.string().nullable();

export const StructureTypeSchema = z.enum(STRUCTURE_TYPES);
export const FieldSourceSchema = z.enum(FIELD_SOURCES);

/** Spec 2 §3 cloud-drive connection (never its tokens). */
export const DriveConnection = z.object({
  id: z.number().int(),
  name: z.string(),
  google_email: z.string().nullable(),
  is_active: z.boolean(),
  is_valid: z.boolean(),
  error_count: z.number().int(),
  last_error: z.string().nullable(),
  connected_at: timestamp,
});
export type DriveConnection = z.infer<typeof DriveConnection>;

export const MetadataFieldSchema = z.object({
  source: FieldSourceSchema,
  field_name: z.string(),
  group: z.string().optional(),
  value: z.string().optional(),
  default: z.string().optional(),
});

export const StructureConfigSchema = z.object({
  type: StructureTypeSchema.optional(),
  filename_regex: z.string().optional(),
  metadata_fields: z.record(z.string(), MetadataFieldSchema),
});
export type StructureConfigBody = z.infer<typeof StructureConfigSchema>;

/** Spec 2 §3 folder integration; structure_config in its current form (older stored forms are read). */
export const FolderIntegration = z.object({
  id: z.number().int(),
  connection_id: z.number().int(),
  connection: z.object({ id: z.number().int(), name: z.string(), google_email: z.string().nullable() }),
  folder_id: z.string(),
  folder_name: z.string(),
  structure_type: StructureTypeSchema,
  structure_config: StructureConfigSchema.nullable(),
  prompt_id: z.number().int().nullable(),
  is_active: z.boolean(),
  error_count: z.number().int(),
  last_error: z.string().nullable(),
  last_check_at: timestamp,
  /**
   * A sync of this folder is queued or running (one whose worker stopped counts until its last heartbeat is a
   * minute old).
   */
  syncing: z.boolean(),
});
export type FolderIntegration = z.infer<typeof FolderIntegration>;

// ---------- inputs ----------

const trimmed = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value) => value.trim() || undefined)
    .optional();

/** A metadata row as the dialog sends it (spec 2 §5): trimmed, empty values left out, only what its source uses. */
const MetadataFieldInput = z
  .object({
    source: FieldSourceSchema,
    field_name: z.string().max(DRIVE.nameMax).optional(),
    group: trimmed(DRIVE.valueMax),
    value: trimmed(DRIVE.valueMax),
    default: trimmed(DRIVE.valueMax),
  })
  .transform(({ source, group, value, default: fallback }) => {
    const keeps = sourceKeeps(source);
    return {
      source,
      ...(keeps === 'group' && group ? { group } : {}),
      ...(keeps === 'value' && value ? { value } : {}),
      ...(fallback ? { default: fallback } : {}),
    };
  });

/** structure_config as sent: rows with a blank name are dropped; each row's field_name is its (trimmed) name. */
const StructureConfigInput = z
  .object({
    filename_regex: trimmed(DRIVE.regexMax).meta({
      description:
        'Custom structure: RE2 syntax, named groups (?<name>…) or (?P<name>…); no look-arounds or backreferences.',
    }),
    metadata_fields: z
      .record(z.string().max(DRIVE.nameMax), MetadataFieldInput)
      .refine((fields) => Object.keys(fields).length <= DRIVE.maxMetadataFields, {
        message: DRIVE_TEXTS.tooManyFields,
      })
      .default({}),
  })
  .transform(({ filename_regex, metadata_fields }) => {
    const fields: Record<string, z.infer<typeof MetadataFieldSchema>> = {};
    for (const [key, field] of Object.entries(metadata_fields)) {
      const name = key.trim();
      if (name) fields[name] = { ...field, field_name: name };
    }
    return { ...(filename_regex ? { filename_regex } : {}), metadata_fields: fields };
  });

/** Why a structure can't be saved (spec 2 §5), or null: custom needs a filename regex that RE2 compiles. */
export function structureProblem(
  type: z.infer<typeof StructureTypeSchema>,
  config: { filename_regex?: string } | null | undefined,
): string | null {
  if (type !== 'custom') return null;
  const pattern = config?.filename_regex;
  if (!pattern) return DRIVE_TEXTS.regexRequired;
  const { problem } = compileFilenameRegex(pattern);
  return problem ? regexProblemText(problem) : null;
}

const integrationFields = {
  connection_id: idSchema(PG_INTEGER_MAX, DRIVE_TEXTS.connectionRequired),
  folder_id: z.string().trim().min(1, DRIVE_TEXTS.folderRequired).max(DRIVE.folderIdMax),
  folder_name: z.string().trim().max(DRIVE.nameMax),
  structure_type: StructureTypeSchema,
  structure_config: StructureConfigInput.nullable(),
  prompt_id: idSchema(PG_INTEGER_MAX, DRIVE_TEXTS.promptRequired),
  is_active: z.boolean(),
};

export const FolderIntegrationCreateRequest = z
  .object({
    project_id: projectId,
    ...integrationFields,
    folder_name: integrationFields.folder_name.default(''),
    structure_config: integrationFields.structure_config.optional(),
    is_active: integrationFields.is_active.default(true),
  })
  .superRefine((body, ctx) => {
    const problem = structureProblem(body.structure_type, body.structure_config);
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['structure_config', 'filename_regex'], message: problem });
  });

/** The changes; a changed structure is checked with the stored one it combines with. */
export const FolderIntegrationUpdateRequest = z
  .object({ project_id: projectId, ...integrationFields })
  .partial()
  .superRefine((body, ctx) => {
    if (!body.structure_type || body.structure_config === undefined) return;
    const problem = structureProblem(body.structure_type, body.structure_config);
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['structure_config', 'filename_regex'], message: problem });
  });

export const ProjectQuery = z.object({ project_id: projectId });
/** On routes of one connection or integration the project is optional; when given it must be its own. */
export const OptionalProjectQuery = z.object({ project_id: projectId.optional() });
export const DriveIdParams = z.object({ id });

export const ConnectionCreateRequest = z.object({
  project_id: projectId,
  name: z
    .string()
    .max(DRIVE.nameMax)
    .optional()
    .transform((name) => name?.trim() || DRIVE.defaultConnectionName),
  /** Where Google sends the browser back (the web's /auth/google-drive/callback). */
  redirect_uri: z.url().max(2000),
});
/** Start (again) the consent for a connection; without connection_id a new one with the default name. */
export const DriveAuthRequest = z.object({
  project_id: projectId,
  redirect_uri: z.url().max(2000),
  connection_id: Id.optional(),
});
export const DriveCallbackRequest = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(500),
});

export const SyncRequest = z.object({
  integration_id: Id,
  /** Sync even when the folder was checked moments ago. */
  force_sync: z.boolean().default(false),
  project_id: projectId.optional(),
});

export const FolderListRequest = z.object({
  connection_id: Id,
  /** Null or absent: the root of the account's Drive ('root'). */
  parent_folder_id: z.string().trim().max(DRIVE.folderIdMax).nullish(),
  page_token: z.string().max(2000).nullish(),
  project_id: projectId.optional(),
});

/** The media files a folder integration would take first (nothing is downloaded). */
export const FolderPreviewRequest = z.object({
  connection_id: Id,
  folder_id: integrationFields.folder_id,
  project_id: projectId.optional(),
});

// ---------- answers ----------

export const DriveConnectionResponse = z.object({ data: DriveConnection });
export const DriveConnectionListResponse = z.object({ data: z.array(DriveConnection) });

/** The OAuth start answer of spec 2 §3: status, data.auth_url and data.state (and the connection it completes). */
export const DriveAuthResponse = z.object({
  status: z.literal('success'),
  data: z.object({ auth_url: z.string(), state: z.string(), connection: DriveConnection }),
});

export const FolderIntegrationResponse = z.object({ data: FolderIntegration });
export const FolderIntegrationListResponse = z.object({ data: z.array(FolderIntegration) });

export const SyncStartResponse = z.object({
  data: z.object({
    /** started: the sync runs in the background; skipped: synced moments ago and not forced. */
    status: z.enum(['started', 'skipped']),
    message: z.string().nullable(),
  }),
});

/** One sync of an integration (spec 2 §3 sync history). */
export const SyncHistoryItem = z.object({
  id: z.number().int(),
  trigger: z.enum(['schedule', 'manual']),
  status: z.enum(['running', 'completed', 'failed']),
  found: z.number().int(),
  queued: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.string()),
  started_at: z.string(),
  finished_at: timestamp,
});
export type SyncHistoryItem = z.infer<typeof SyncHistoryItem>;
export const SyncHistoryResponse = z.object({ data: z.array(SyncHistoryItem) });

export const DriveFolder = z.object({ id: z.string(), name: z.string() });
export const FolderListResponse = z.object({
  data: z.object({ folders: z.array(DriveFolder), next_page_token: z.string().nullable() }),
});

/** A media file found in the folder and the folder names below the chosen folder leading to it. */
export const PreviewFile = z.object({ name: z.string(), path: z.array(z.string()) });
export type PreviewFile = z.infer<typeof PreviewFile>;
export const FolderPreviewResponse = z.object({
  data: z.object({
    files: z.array(PreviewFile),
    /** More media files were found than listed. */
    truncated: z.boolean(),
  }),
});

export const StructureTypeInfo = z.object({
  type: StructureTypeSchema,
  /** The metadata fields the type fills by itself (department: Department, Representative). */
  fixed_fields: z.array(z.string()),
  /** Custom: a filename regex is required. */
  needs_regex: z.boolean(),
  /** Custom and constants: metadata rows are configured. */
  configurable_fields: z.boolean(),
  /** The source a new metadata row starts with (spec 2 §5), null when the type has no rows. */
  default_source: FieldSourceSchema.nullable(),
});
export const StructureTypesResponse = z.object({ data: z.array(StructureTypeInfo) });

export const DriveOAuthStatusResponse = z.object({
  data: z.object({
    /** Google's OAuth client is set (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
    google_configured: z.boolean(),
    /** ENCRYPTION_KEY is set and valid. */
    encryption_configured: z.boolean(),
    /** Both: Drive connections can be made. */
    available: z.boolean(),
    /** Why not, when not available. */
    message: z.string().nullable(),
  }),
});
