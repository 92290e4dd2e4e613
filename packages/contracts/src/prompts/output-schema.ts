import { z } from 'zod';
import { type EvidenceMap, type FieldEvidence, isValueGroup, ResultValues } from '../analyses/stored.ts';
import { OK_VALUES, type PromptField } from './schema.ts';

/** The values of an option, marks or classification field with what each means (as written in the prompt). */
function meanings(field: PromptField): Array<[value: string, meaning: string]> {
  switch (field.type) {
    case 'option':
      return (field.options ?? []).map((option) => [JSON.stringify(option.value), option.explanation]);
    case 'marks':
      return (field.marks ?? []).map((mark) => [String(mark.value), mark.explanation]);
    case 'classification': {
      const names = classificationNames(field);
      return (field.classificationOptions ?? []).map((option, index) => [
        JSON.stringify(names[index]),
        option.description,
      ]);
    }
    default:
      return [];
  }
}

/**
 * What a field asks, as its schema describes it to the model: the explanation, then a line for each option,
 * mark or class that has a meaning ('"Won": the customer ordered', '3: open questions').
 */
export function fieldDescription(field: PromptField): string {
  return [
    field.explanation.trim(),
    ...meanings(field)
      .filter(([, meaning]) => meaning.trim())
      .map(([value, meaning]) => `${value}: ${meaning.trim()}`),
  ]
    .filter(Boolean)
    .join('\n');
}

/** The schema of one field's value (for objects: the nested answer, built by `nested`). */
function valueSchema(field: PromptField, nested: (fields: PromptField[]) => z.ZodObject): z.ZodType {
  const description = fieldDescription(field);
  const describe = <T extends z.ZodType>(schema: T) => (description ? schema.describe(description) : schema);
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
      const values = (field.marks ?? []).map((mark) => mark.value);
      return describe(values.length > 0 ? z.literal(values) : z.number().int());
    }
    case 'classification': {
      const names = classificationNames(field);
      return describe(names.length > 0 ? z.enum(names as [string, ...string[]]) : z.string());
    }
    case 'object':
      return describe(nested(field.content ?? []));
  }
}

/** The names a classification field answers with: each option's prompt name (its id when unnamed). */
export function classificationNames(field: PromptField): string[] {
  return (field.classificationOptions ?? []).map((option) => option.promptName || String(option.promptId));
}

/**
 * The structured answer a prompt asks the model for: one property per field, nested for objects.
 * Used for structured output of prompt analyses and validated again on the answer.
 */
export function promptOutputSchema(fields: PromptField[]): z.ZodObject {
  return z.object(
    Object.fromEntries(fields.map((field) => [field.key, valueSchema(field, promptOutputSchema)])),
  );
}

/**
 * The evidence properties, undescribed: what they mean is said once in the request's instructions
 * rather than in every field of the schema.
 */
const evidenceShape = {
  justification: z.string(),
  quote: z.string(),
  timestamp: z.number().nullable(),
  unsure: z.boolean(),
};

export interface EvidenceSchemaOptions {
  /** Top-level keys the model is not asked for (e.g. 'Final Score', which the server computes). */
  omitKeys?: readonly string[];
}

/**
 * The evidence-carrying variant of promptOutputSchema: every field other than an object becomes
 * `{value, justification, quote, timestamp, unsure}`; object fields stay objects of their fields (their
 * leaves carry the evidence). `splitEvidence` turns such an answer back into plain values (the shape
 * promptOutputSchema describes) and an evidence map keyed by dotted field path.
 */
export function promptOutputSchemaWithEvidence(
  fields: PromptField[],
  options: EvidenceSchemaOptions = {},
): z.ZodObject {
  const omit = new Set(options.omitKeys ?? []);
  const build = (list: PromptField[], top: boolean): z.ZodObject =>
    z.object(
      Object.fromEntries(
        list
          .filter((field) => !(top && omit.has(field.key)))
          .map((field) => {
            if (field.type === 'object') {
              return [field.key, valueSchema(field, (content) => build(content, false))];
            }
            return [
              field.key,
              z.object({ value: valueSchema(field, (content) => build(content, false)), ...evidenceShape }),
            ];
          }),
      ),
    );
  return build(fields, true);
}

/** Field values by key as the pure helpers read them (what is stored and served: stored.ts ResultValues). */
export type FieldValues = Record<string, unknown>;

/** Why the model gave a field its value, and the evidence by dotted field path (keys never contain dots). */
export type { EvidenceMap, FieldEvidence };

/**
 * Splits an answer shaped by promptOutputSchemaWithEvidence into the field values and the evidence of
 * each field, keyed by dotted path ('Discovery.Budget'). Keys the answer lacks are left out.
 */
export function splitEvidence(
  fields: PromptField[],
  answer: Record<string, unknown>,
): { values: ResultValues; evidence: EvidenceMap } {
  const evidence: EvidenceMap = {};
  const walk = (list: PromptField[], node: ResultValues, prefix: string): ResultValues => {
    const values: ResultValues = {};
    for (const field of list) {
      if (!(field.key in node)) continue;
      const item = node[field.key]!;
      const path = prefix ? `${prefix}.${field.key}` : field.key;
      if (field.type === 'object') {
        values[field.key] = isValueGroup(item) ? walk(field.content ?? [], item, path) : item;
        continue;
      }
      if (!isValueGroup(item) || item.value === undefined) {
        values[field.key] = item;
        continue;
      }
      values[field.key] = item.value;
      evidence[path] = {
        justification: typeof item.justification === 'string' ? item.justification : '',
        quote: typeof item.quote === 'string' ? item.quote : '',
        timestamp: typeof item.timestamp === 'number' ? item.timestamp : null,
        unsure: item.unsure === true,
      };
    }
    return values;
  };
  // A structured answer is JSON: every value of it is a ResultValue.
  return { values: walk(fields, ResultValues.parse(answer), ''), evidence };
}
