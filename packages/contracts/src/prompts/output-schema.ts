import { z } from 'zod';
import type { PromptField } from './schema.ts';

/** The answers an 'ok' field allows: the checklist item was done, not done, or does not apply. */
export const OK_VALUES = ['ok', 'not ok', 'n/a'] as const;

function fieldSchema(field: PromptField): z.ZodType {
  const describe = <T extends z.ZodType>(schema: T) =>
    field.explanation ? schema.describe(field.explanation) : schema;
  switch (field.type) {
    case 'string':
      return describe(z.string());
    case 'int':
      return describe(z.number().int());
    case 'float':
      return describe(z.number());
    case 'array':
      return describe(z.array(z.string()));
    case 'bool':
      return describe(z.boolean());
    case 'ok':
      return describe(z.enum(OK_VALUES));
    case 'option': {
      const values = (field.options ?? []).map((option) => option.value);
      return describe(values.length > 0 ? z.enum(values as [string, ...string[]]) : z.string());
    }
    case 'marks': {
      const literals = (field.marks ?? []).map((mark) => z.literal(mark.value));
      if (literals.length === 0) return describe(z.number().int());
      return describe(literals.length === 1 ? literals[0]! : z.union(literals));
    }
    case 'classification': {
      const names = (field.classificationOptions ?? []).map(
        (option) => option.promptName || String(option.promptId),
      );
      return describe(names.length > 0 ? z.enum(names as [string, ...string[]]) : z.string());
    }
    case 'object':
      return describe(promptOutputSchema(field.content ?? []));
  }
}

/**
 * The structured answer a prompt asks the model for: one property per field, nested for objects.
 * Used for structured output of prompt analyses and validated again on the answer.
 */
export function promptOutputSchema(fields: PromptField[]): z.ZodObject {
  return z.object(Object.fromEntries(fields.map((field) => [field.key, fieldSchema(field)])));
}
