import { FINAL_SCORE_KEY } from '../prompts/fields.ts';
import type { PromptField } from '../prompts/schema.ts';
import { ANALYTICS_VALUE_TYPES, type AnalyticsValueType, FINAL_SCORE_PATH } from './field-values.ts';

/**
 * Scorecard versions in analytics. A field's figures are only comparable while its meaning stays: its type,
 * whether it counts in the score, its options and its marks (the final score: how it is formed and its
 * highest score). Wording (explanations) and knockout answers don't change what a figure means. Where a
 * field's meaning changed between the versions that answered, reports count each *era* (the versions from
 * one change to the next) apart, as its own item keyed by `eraPath`: the path and the era's first version
 * number, joined by a double quote, which no key holds (prompts/fields.ts).
 */

/** The prompt field types analytics counts: every value type but the final score, which is no field. */
const COUNTED_TYPES: ReadonlySet<string> = new Set(ANALYTICS_VALUE_TYPES.filter((type) => type !== 'final'));

/**
 * The analytics fields of a prompt's content in the prompt's order (depth first: an object's fields in its
 * place), by dotted path; the top-level Final Score is the 'final' value.
 */
export function analyticsFields(
  content: PromptField[],
): Map<string, { type: AnalyticsValueType; field: PromptField }> {
  const fields = new Map<string, { type: AnalyticsValueType; field: PromptField }>();
  const walk = (list: PromptField[], prefix: string[]) => {
    for (const field of list) {
      const path = [...prefix, field.key];
      if (prefix.length === 0 && field.key === FINAL_SCORE_KEY)
        fields.set(FINAL_SCORE_PATH, { type: 'final', field });
      else if (field.type === 'object') walk(field.content ?? [], path);
      else if (COUNTED_TYPES.has(field.type)) {
        fields.set(path.join('.'), { type: field.type as AnalyticsValueType, field });
      }
    }
  };
  walk(content, []);
  return fields;
}

/** A version as eras are told from: its id and number, and its stored prompt (fields, final score settings). */
export interface VersionMeaning {
  id: number;
  number: number;
  content: PromptField[];
  finalScore?: string | null;
  maxScore?: number | null;
}

/** What a field's figures mean (equal texts: comparable figures). */
function meaningOf(type: AnalyticsValueType, field: PromptField, version: VersionMeaning): string {
  if (type === 'final') return JSON.stringify([type, version.finalScore ?? null, version.maxScore ?? null]);
  const sorted = <T>(list: T[] | undefined) => [...(list ?? [])].sort();
  return JSON.stringify([
    type,
    field.includeInScore ?? false,
    sorted(field.options?.map((option) => option.value.trim())),
    sorted(field.marks?.map((mark) => mark.value)),
  ]);
}

/** One era of a field: the versions (ids) from one change of its meaning to the next, named by the first. */
export interface FieldEra {
  path: string;
  /** The number of the era's first version. */
  from: number;
  versionIds: number[];
}

/**
 * The eras of each field whose meaning changed between the versions (any order; versions without the field
 * leave its era open), oldest first; fields that kept their meaning are left out.
 */
export function fieldEras(versions: readonly VersionMeaning[]): FieldEra[] {
  const byPath = new Map<string, { meaning: string; eras: FieldEra[] }>();
  for (const version of [...versions].sort((a, b) => a.number - b.number)) {
    for (const [path, { type, field }] of analyticsFields(version.content)) {
      const meaning = meaningOf(type, field, version);
      const known = byPath.get(path);
      if (known && known.meaning === meaning) known.eras.at(-1)!.versionIds.push(version.id);
      else {
        const era = { path, from: version.number, versionIds: [version.id] };
        if (known) {
          known.meaning = meaning;
          known.eras.push(era);
        } else byPath.set(path, { meaning, eras: [era] });
      }
    }
  }
  return [...byPath.values()].filter(({ eras }) => eras.length > 1).flatMap(({ eras }) => eras);
}

const ERA_SEPARATOR = '"';

/** The key of a field's era in reports: 'Discovery.Budget"3' (from version 3). */
export const eraPath = (path: string, from: number) => `${path}${ERA_SEPARATOR}${from}`;

/** A report item's field path and, for an era of a changed field, the number of the era's first version. */
export function parseEraPath(key: string): { path: string; from: number | null } {
  const at = key.lastIndexOf(ERA_SEPARATOR);
  if (at < 0) return { path: key, from: null };
  const from = Number(key.slice(at + 1));
  return Number.isInteger(from) && from > 0 ? { path: key.slice(0, at), from } : { path: key, from: null };
}
