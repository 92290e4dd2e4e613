import { ChunkFields, UploadFields } from '@parley/contracts';
import type { z } from 'zod';
import { badRequest } from '../../http/errors.ts';

export type UploadInput = z.output<typeof UploadFields>;
export type ChunkInput = z.output<typeof ChunkFields>;

const TRUE = new Set(['true', '1', 'on', 'yes']);

/**
 * Multipart text fields as UploadFields expects them: `metadata` is a JSON object (its values become
 * strings), `force` a boolean, empty values are absent.
 */
function formValues(raw: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value.trim() === '') continue;
    values[name] = value;
  }
  if (typeof values.force === 'string') values.force = TRUE.has(values.force.trim().toLowerCase());
  if (typeof values.metadata === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(values.metadata);
    } catch {
      throw badRequest('metadata: must be a JSON object of names and values', 'validation_error');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw badRequest('metadata: must be a JSON object of names and values', 'validation_error');
    }
    values.metadata = Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
    );
  }
  return values;
}

function parseWith<T extends z.ZodType>(schema: T, values: Record<string, unknown>): z.output<T> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  throw badRequest(field ? `${field}: ${issue.message}` : issue.message, 'validation_error');
}

export function parseUploadFields(raw: Record<string, string>): UploadInput {
  return parseWith(UploadFields, formValues(raw));
}

export function parseChunkFields(raw: Record<string, string>): ChunkInput {
  return parseWith(ChunkFields, formValues(raw));
}
