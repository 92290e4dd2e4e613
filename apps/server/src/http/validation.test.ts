import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { labelOf, parseOrRefuse } from './validation.ts';

const refusal = (schema: z.ZodType, value: unknown) => {
  try {
    parseOrRefuse(schema, value);
  } catch (error) {
    if (error instanceof AppError) return { message: error.message, field: error.field };
    throw error;
  }
  throw new Error('accepted');
};

describe('validation messages', () => {
  it('names a field in words', () => {
    expect(labelOf(['phone_number'])).toBe('Phone number');
    expect(labelOf(['project_id'])).toBe('Project ID');
    expect(labelOf(['content', 0, 'scriptName'])).toBe('Script name');
    expect(labelOf(['content', '3'])).toBe('Content');
    expect(labelOf([])).toBe('The request');
  });

  it("replaces zod's defaults with sentences that need no key, and keeps the field apart", () => {
    const schema = z.object({
      phone_number: z.string(),
      page_size: z.number().int().min(1).max(100).optional(),
      note: z.string().max(5).optional(),
      role: z.enum(['user', 'admin']).optional(),
      items: z.array(z.object({ key: z.string().min(1) })).optional(),
    });
    expect(refusal(schema, {})).toEqual({ message: 'Phone number is required.', field: 'phone_number' });
    expect(refusal(schema, { phone_number: 5 })).toEqual({
      message: 'Phone number must be text.',
      field: 'phone_number',
    });
    expect(refusal(schema, { phone_number: '1', page_size: 0 }).message).toBe(
      'Page size must be at least 1.',
    );
    expect(refusal(schema, { phone_number: '1', page_size: 101 }).message).toBe(
      'Page size must be at most 100.',
    );
    expect(refusal(schema, { phone_number: '1', note: 'longer' }).message).toBe(
      'Note must have at most 5 characters.',
    );
    expect(refusal(schema, { phone_number: '1', role: 'x' }).message).toBe(
      'Role must be one of: user, admin.',
    );
    expect(refusal(schema, { phone_number: '1', items: [{ key: '' }] })).toEqual({
      message: 'Key is required.',
      field: 'items.0.key',
    });
  });

  it("keeps the schema's own message", () => {
    expect(refusal(z.object({ name: z.string().min(1, 'Project name is required') }), { name: '' })).toEqual({
      message: 'Project name is required',
      field: 'name',
    });
  });
});
