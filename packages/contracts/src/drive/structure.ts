import { compileFilenameRegex, type RegexProblem } from './regex.ts';
import {
  DRIVE,
  FIELD_SOURCES,
  type FieldSource,
  folderFields,
  LEGACY_FIELD_SOURCES,
  type StructureType,
} from './rules.ts';

// Metadata a Drive file gets from its integration's structure (spec 2 §3, §9), shared by the server's sync
// and the panel's preview. Reads the older stored forms too: structure_config as a JSON string, the source
// filename_group, and pattern/default standing for group/value.

export interface MetadataField {
  source: FieldSource;
  field_name: string;
  group?: string;
  value?: string;
  default?: string;
}

export interface StructureConfig {
  filename_regex?: string;
  /** Keyed by the field's name. */
  metadata_fields: Record<string, MetadataField>;
}

/** Where a file sits: its name and the folder names from the integration's folder down to it. */
export interface FileLocation {
  fileName: string;
  folderPath: readonly string[];
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function asObject(value: unknown): Record<string, unknown> | null {
  if (typeof value === 'string') {
    try {
      return asObject(JSON.parse(value));
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function readField(key: string, raw: unknown): MetadataField | null {
  const entry = asObject(raw);
  if (!entry) return null;
  const rawSource = text(entry.source) ?? '';
  const source = (LEGACY_FIELD_SOURCES[rawSource] ?? rawSource) as FieldSource;
  if (!FIELD_SOURCES.includes(source)) return null;
  const fieldName = text(entry.field_name) ?? text(key);
  if (!fieldName) return null;
  const field: MetadataField = { source, field_name: fieldName };
  const fallback = text(entry.default);
  if (source === 'regex_group') {
    const group = text(entry.group) ?? text(entry.pattern);
    if (group) field.group = group;
  }
  if (source === 'constant') {
    // An old constant kept its value in default (or pattern).
    const value = text(entry.value) ?? fallback ?? text(entry.pattern);
    if (value) field.value = value;
  } else if (fallback) field.default = fallback;
  return field;
}

/** The stored structure_config in its current form (an object, a JSON string, or nothing). */
export function readStructureConfig(stored: unknown): StructureConfig {
  const config = asObject(stored) ?? {};
  const fields: Record<string, MetadataField> = {};
  const raw = config.metadata_fields;
  const entries: [string, unknown][] = Array.isArray(raw)
    ? raw.map((item, index) => [text(asObject(item)?.field_name) ?? String(index), item])
    : Object.entries(asObject(raw) ?? {});
  for (const [key, value] of entries) {
    const field = readField(key, value);
    if (field) fields[field.field_name] = field;
  }
  const regex = text(config.filename_regex);
  return regex ? { filename_regex: regex, metadata_fields: fields } : { metadata_fields: fields };
}

function withoutExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

function groupOf(match: RegExpExecArray | null, group: string | undefined): string | undefined {
  if (!match || !group) return undefined;
  const value = /^\d+$/.test(group) ? match[Number(group)] : match.groups?.[group];
  return text(value);
}

function sourceValue(
  field: MetadataField,
  file: FileLocation,
  match: RegExpExecArray | null,
): string | undefined {
  switch (field.source) {
    case 'regex_group':
      return groupOf(match, field.group);
    case 'folder_level_1':
      return text(file.folderPath[0]);
    case 'folder_level_2':
      return text(file.folderPath[1]);
    case 'filename':
      return text(file.fileName);
    case 'filename_without_extension':
      return text(withoutExtension(file.fileName));
    case 'constant':
      return field.value;
  }
}

/** What a structure gives files, its regex compiled once. */
export interface StructureReader {
  /** Why RE2 refuses the custom structure's regex (it then matches no file), or null. */
  problem: RegexProblem | null;
  metadataOf(file: FileLocation): Record<string, string>;
}

/**
 * The metadata files get: Department from the first folder level for simple; Department and Representative
 * from the first two folder levels for department; the configured fields for custom (the regex runs on the
 * file name's first DRIVE.regexNameMax characters) and constants. A field without a value takes its default,
 * else is left out.
 */
export function structureReader(structureType: StructureType, storedConfig: unknown): StructureReader {
  if (structureType === 'simple' || structureType === 'department') {
    const names = folderFields(structureType);
    return {
      problem: null,
      metadataOf: (file) => {
        const metadata: Record<string, string> = {};
        names.forEach((name, level) => {
          const value = text(file.folderPath[level]);
          if (value) metadata[name] = value;
        });
        return metadata;
      },
    };
  }
  const config = readStructureConfig(storedConfig);
  const pattern = structureType === 'custom' ? config.filename_regex : undefined;
  const { regex, problem } = pattern ? compileFilenameRegex(pattern) : {};
  return {
    problem: problem ?? null,
    metadataOf: (file) => {
      const name = file.fileName.slice(0, DRIVE.regexNameMax);
      const match = (regex?.exec(name) ?? null) as RegExpExecArray | null;
      const metadata: Record<string, string> = {};
      for (const field of Object.values(config.metadata_fields)) {
        const value = sourceValue(field, file, match) ?? field.default;
        if (value !== undefined) metadata[field.field_name] = value;
      }
      return metadata;
    },
  };
}

/** The metadata one file gets (structureReader, for a single file). */
export function metadataFor(
  structureType: StructureType,
  storedConfig: unknown,
  file: FileLocation,
): Record<string, string> {
  return structureReader(structureType, storedConfig).metadataOf(file);
}
