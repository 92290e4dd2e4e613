import {
  compileFilenameRegex,
  type FieldSource,
  type FolderIntegration,
  metadataFor,
  type RegexProblem,
  readStructureConfig,
  type StructureType,
  sourceKeeps,
  structureTypeInfo,
} from '@parley/contracts';
import type { IntegrationBody } from './api';

/** One metadata row of the dialog, as typed. */
export interface MetadataRow {
  /** React's key: stable while names are edited. */
  key: number;
  name: string;
  source: FieldSource;
  group: string;
  value: string;
  default: string;
}

export interface IntegrationForm {
  connectionId: number | null;
  folderId: string;
  folderName: string;
  structureType: StructureType;
  regex: string;
  rows: MetadataRow[];
  promptId: number | null;
}

let nextKey = 0;
const rowKey = () => {
  nextKey += 1;
  return nextKey;
};

/** Custom and constants structures configure metadata rows (spec 2 §2.7). */
export const usesRows = (type: StructureType) => structureTypeInfo(type).configurable_fields;

/** A new row: constant for the constants type, regex_group for custom (spec 2 §5). */
export function newRow(type: StructureType): MetadataRow {
  return {
    key: rowKey(),
    name: '',
    source: structureTypeInfo(type).default_source ?? 'regex_group',
    group: '',
    value: '',
    default: '',
  };
}

/** The row with another source: the group or value that source does not use is cleared (spec 2 §5). */
export function withSource(row: MetadataRow, source: FieldSource): MetadataRow {
  const keeps = sourceKeeps(source);
  return {
    ...row,
    source,
    group: keeps === 'group' ? row.group : '',
    value: keeps === 'value' ? row.value : '',
  };
}

export function emptyForm(connectionId: number | null): IntegrationForm {
  return {
    connectionId,
    folderId: '',
    folderName: '',
    structureType: 'simple',
    regex: '',
    rows: [],
    promptId: null,
  };
}

/** The dialog's form for a stored integration (older stored structure forms read too). */
export function formOf(integration: FolderIntegration): IntegrationForm {
  const config = readStructureConfig(integration.structure_config);
  return {
    connectionId: integration.connection_id,
    folderId: integration.folder_id,
    folderName: integration.folder_name,
    structureType: integration.structure_type,
    regex: config.filename_regex ?? '',
    rows: Object.values(config.metadata_fields).map((field) => ({
      key: rowKey(),
      name: field.field_name,
      source: field.source,
      group: field.group ?? '',
      value: field.value ?? '',
      default: field.default ?? '',
    })),
    promptId: integration.prompt_id,
  };
}

type Config = NonNullable<IntegrationBody['structure_config']>;

/**
 * structure_config as saved (spec 2 §5): rows with a blank name dropped, values trimmed and empty ones left
 * out, group only for regex_group and value only for constant; null when the type has nothing to configure.
 */
export function structureConfigOf(form: IntegrationForm): Config | null {
  if (!usesRows(form.structureType)) return null;
  const fields: Config['metadata_fields'] = {};
  for (const row of form.rows) {
    const name = row.name.trim();
    if (!name) continue;
    const keeps = sourceKeeps(row.source);
    const group = row.group.trim();
    const value = row.value.trim();
    const fallback = row.default.trim();
    fields[name] = {
      source: row.source,
      field_name: name,
      ...(keeps === 'group' && group ? { group } : {}),
      ...(keeps === 'value' && value ? { value } : {}),
      ...(fallback ? { default: fallback } : {}),
    };
  }
  const regex = form.regex.trim();
  return form.structureType === 'custom' && regex
    ? { filename_regex: regex, metadata_fields: fields }
    : { metadata_fields: fields };
}

/** Why RE2 refuses the custom regex, or null (an empty one is only 'required'). */
export function regexProblem(form: IntegrationForm): RegexProblem | null {
  if (form.structureType !== 'custom' || !form.regex.trim()) return null;
  return compileFilenameRegex(form.regex.trim()).problem ?? null;
}

/** Create/update waits for a connection, a folder id and a prompt (and custom's regex) (spec 2 §5). */
export function canSave(form: IntegrationForm): boolean {
  if (form.connectionId === null || !form.folderId.trim() || form.promptId === null) return false;
  if (structureTypeInfo(form.structureType).needs_regex) {
    return form.regex.trim() !== '' && regexProblem(form) === null;
  }
  return true;
}

/** The body of the create or update call; a create leaves an empty structure_config out. */
export function bodyOf(form: IntegrationForm, creating: boolean): IntegrationBody {
  const config = structureConfigOf(form);
  return {
    connection_id: form.connectionId ?? 0,
    folder_id: form.folderId.trim(),
    folder_name: form.folderName.trim(),
    structure_type: form.structureType,
    ...(config || !creating ? { structure_config: config } : {}),
    prompt_id: form.promptId ?? 0,
  };
}

/** A preview line 'Sales/John/call.mp3': the folders below the integration's folder, then the file. */
export function previewOf(form: IntegrationForm, line: string): Record<string, string> {
  const parts = line
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean);
  const fileName = parts.pop() ?? '';
  return metadataFor(form.structureType, structureConfigOf(form), { fileName, folderPath: parts });
}
