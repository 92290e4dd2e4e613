import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { promptOutputSchema, promptOutputSchemaWithEvidence, splitEvidence } from './output-schema.ts';
import type { PromptField } from './schema.ts';

const field = (key: string, type: PromptField['type'], extra: Partial<PromptField> = {}): PromptField => ({
  key,
  type,
  explanation: '',
  includeInScore: false,
  ...extra,
});

const FIELDS: PromptField[] = [
  field('Title', 'string', { explanation: 'A title' }),
  field('Greeting', 'ok'),
  field('Needs', 'marks', { marks: [0, 2].map((value) => ({ value, explanation: '' })) }),
  field('Discovery', 'object', { content: [field('Budget', 'bool'), field('Notes', 'array')] }),
  field('Final Score', 'float'),
];

const ev = (value: unknown, timestamp: number | null = 1.5) => ({
  value,
  justification: 'Because.',
  quote: 'hello',
  timestamp,
});

const ANSWER = {
  Title: ev('Call'),
  Greeting: ev('ok', 0),
  Needs: ev(2, null),
  Discovery: { Budget: ev(true, 12), Notes: ev(['a', 'b']) },
};

describe('promptOutputSchemaWithEvidence', () => {
  const schema = promptOutputSchemaWithEvidence(FIELDS, { omitKeys: ['Final Score'] });

  it('wraps every leaf in {value, justification, quote, timestamp}; objects stay objects', () => {
    expect(schema.parse(ANSWER)).toEqual(ANSWER);
    const json = z.toJSONSchema(schema) as {
      properties: Record<string, { properties: Record<string, { description?: string }> }>;
      required: string[];
    };
    expect(json.required).toEqual(['Title', 'Greeting', 'Needs', 'Discovery']);
    expect(Object.keys(json.properties.Title!.properties)).toEqual([
      'value',
      'justification',
      'quote',
      'timestamp',
    ]);
    expect(json.properties.Title!.properties.value!.description).toBe('A title');
    expect(Object.keys(json.properties.Discovery!.properties)).toEqual(['Budget', 'Notes']);
  });

  it('validates the values as the plain schema does', () => {
    expect(schema.safeParse({ ...ANSWER, Needs: ev(1) }).success).toBe(false);
    expect(schema.safeParse({ ...ANSWER, Greeting: ev('maybe') }).success).toBe(false);
    expect(schema.safeParse({ ...ANSWER, Title: { value: 'x' } }).success).toBe(false);
  });

  it('splits an answer into the plain values and evidence by dotted path', () => {
    const { values, evidence } = splitEvidence(FIELDS, schema.parse(ANSWER));
    expect(values).toEqual({
      Title: 'Call',
      Greeting: 'ok',
      Needs: 2,
      Discovery: { Budget: true, Notes: ['a', 'b'] },
    });
    expect(promptOutputSchema(FIELDS.slice(0, 4)).parse(values)).toEqual(values);
    expect(Object.keys(evidence)).toEqual([
      'Title',
      'Greeting',
      'Needs',
      'Discovery.Budget',
      'Discovery.Notes',
    ]);
    expect(evidence['Discovery.Budget']).toEqual({
      justification: 'Because.',
      quote: 'hello',
      timestamp: 12,
    });
    expect(evidence.Needs!.timestamp).toBeNull();
  });
});
