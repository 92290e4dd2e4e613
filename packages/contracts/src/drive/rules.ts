/** Google Drive folder sync (spec 2 §2.7, §3, §5, §9): structure types, field sources, limits and texts. */

/** How a folder's files get their metadata (spec 2 §9). */
export const STRUCTURE_TYPES = ['simple', 'department', 'custom', 'constants'] as const;
export type StructureType = (typeof STRUCTURE_TYPES)[number];

/** Where a metadata field's value comes from (spec 2 §3). */
export const FIELD_SOURCES = [
  'regex_group',
  'folder_level_1',
  'folder_level_2',
  'filename',
  'filename_without_extension',
  'constant',
] as const;
export type FieldSource = (typeof FIELD_SOURCES)[number];

/** Older stored data names regex_group this way (spec 2 §3). */
export const LEGACY_FIELD_SOURCES: Readonly<Record<string, FieldSource>> = { filename_group: 'regex_group' };

export const DRIVE = {
  defaultConnectionName: 'Google Drive Connection',
  /** A sync reads the folder and its subfolders this deep (department: Department/Representative/file). */
  maxDepth: 2,
  nameMax: 200,
  folderIdMax: 200,
  regexMax: 1000,
  /** Largest program (RE2 instructions) a filename regex may compile to: its cost per character of a file name. */
  regexProgramMax: 2000,
  /**
   * Characters of a file name the regex reads (what Parley keeps of a name, and file systems allow): with
   * regexProgramMax it bounds one match to milliseconds (a 5000-instruction pattern took 9 s on 32,000).
   */
  regexNameMax: 255,
  valueMax: 1000,
  maxMetadataFields: 50,
  /** Folders per page of the folder picker. */
  folderPageSize: 100,
  /** Media files the integration dialog's preview lists. */
  previewFiles: 10,
  /** Sync history entries listed per integration. */
  historyLimit: 50,
  /** Files one sync downloads and queues at the same time. */
  syncParallelFiles: 4,
  /** Errors kept per sync run. */
  maxRunErrors: 50,
  /** The panel reloads its lists this long after a manual sync is triggered (spec 2 §9). */
  reloadAfterSyncMs: 2000,
} as const;

/** What the department structure calls its two folder levels; simple fills only the first. */
export const DEPARTMENT_FIELDS = ['Department', 'Representative'] as const;

/** The fields a structure type fills from folder levels, one per level from the integration's folder down. */
export function folderFields(type: StructureType): readonly string[] {
  if (type === 'simple') return DEPARTMENT_FIELDS.slice(0, 1);
  return type === 'department' ? DEPARTMENT_FIELDS : [];
}

/** What a structure type fills and configures (the structure-types route and the dialog). */
export function structureTypeInfo(type: StructureType) {
  return {
    type,
    fixed_fields: [...folderFields(type)],
    needs_regex: type === 'custom',
    configurable_fields: type === 'custom' || type === 'constants',
    /** The source a new metadata row starts with (spec 2 §5). */
    default_source:
      type === 'custom' ? ('regex_group' as const) : type === 'constants' ? ('constant' as const) : null,
  };
}

/** Which field of a metadata row each source keeps (spec 2 §5: the others are dropped). */
export function sourceKeeps(source: FieldSource): 'group' | 'value' | null {
  if (source === 'regex_group') return 'group';
  if (source === 'constant') return 'value';
  return null;
}

/** Translation keys of the panel's fallback error texts (spec 2 §8), under the drive namespace. */
export const DRIVE_ERROR_KEYS = [
  'messages.error_loading',
  'connection_failed',
  'delete_connection_failed',
  'create_failed',
  'delete_failed',
  'sync_failed',
] as const;

export const DRIVE_TEXTS = {
  connectionNotFound: 'Google Drive connection not found.',
  integrationNotFound: 'Folder integration not found.',
  connectionRequired: 'Choose a connection.',
  folderRequired: 'Folder ID is required.',
  promptRequired: 'Choose a prompt.',
  regexRequired: 'A filename regex is required for the custom structure.',
  regexInvalid: (reason: string) => `The filename regex is not valid: ${reason}`,
  /** Why RE2 refuses a filename regex (the reason of regexInvalid); the web has them as drive.dialog.regexReasons. */
  regexReasons: {
    look_around:
      'it uses a look-ahead or look-behind ((?=…), (?!…), (?<=…), (?<!…)), which is not supported; filename regexes use RE2 syntax.',
    backreference:
      'it uses a backreference (\\1, \\k<name>), which is not supported; filename regexes use RE2 syntax.',
    group_name: 'a group name may have only Latin letters, digits and _, e.g. (?<rep>…).',
    repeat_count:
      'a repetition count is above 1000 or below its minimum, or repetitions nested in each other repeat more than 1000 times.',
    too_complex: `it is too complex: its repetitions expand it to more than ${DRIVE.regexProgramMax} instructions. Use smaller counts, e.g. {1,50} instead of {1,1000}.`,
  },
  encryptionKeyMissing:
    'Google Drive connections need ENCRYPTION_KEY (32 bytes as base64 or hex) in the server environment.',
  encryptionKeyInvalid:
    'ENCRYPTION_KEY is not valid: it must be 32 bytes written as base64 (44 characters) or hex (64 characters).',
  googleNotConfigured:
    'Google is not configured on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
  connectionNotReady:
    'This connection is not connected to Google yet, or its access was revoked. Connect it again.',
  grantRevoked: 'Google refused the stored access (revoked or expired). Connect the account again.',
  syncRunning: 'A sync of this folder is already running.',
  tooManyFields: `A structure can have at most ${DRIVE.maxMetadataFields} metadata fields.`,
  syncedRecently: 'This folder was synced moments ago.',
  promptNotInProject: "The prompt is not one of this project's prompts.",
} as const;
