import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fieldDescription,
  promptOutputSchema,
  promptOutputSchemaWithEvidence,
  splitEvidence,
} from './output-schema.ts';
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

const ev = (value: unknown, timestamp: number | null = 1.5, unsure = false) => ({
  value,
  justification: 'Because.',
  quote: 'hello',
  timestamp,
  unsure,
});

const ANSWER = {
  Title: ev('Call'),
  Greeting: ev('ok', 0),
  Needs: ev(2, null, true),
  Discovery: { Budget: ev(true, 12), Notes: ev(['a', 'b']) },
};

describe('promptOutputSchemaWithEvidence', () => {
  const schema = promptOutputSchemaWithEvidence(FIELDS, { omitKeys: ['Final Score'] });

  it('wraps every leaf in {value, justification, quote, timestamp, unsure}; objects stay objects', () => {
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
      'unsure',
    ]);
    expect(json.properties.Title!.properties.value!.description).toBe('A title');
    expect(Object.keys(json.properties.Discovery!.properties)).toEqual(['Budget', 'Notes']);
  });

  it('describes each field once, in its value; the evidence properties are not described per field', () => {
    const json = z.toJSONSchema(schema) as {
      properties: Record<string, { properties: Record<string, { description?: string; enum?: unknown[] }> }>;
    };
    const greeting = json.properties.Greeting!.properties;
    expect(greeting.value!.description).toBeUndefined();
    for (const key of ['justification', 'quote', 'timestamp', 'unsure'])
      expect(greeting[key]!.description).toBeUndefined();
    expect(json.properties.Needs!.properties.value!.enum).toEqual([0, 2]);
  });

  it('validates the values as the plain schema does', () => {
    expect(schema.safeParse({ ...ANSWER, Needs: ev(1) }).success).toBe(false);
    expect(schema.safeParse({ ...ANSWER, Greeting: ev('maybe') }).success).toBe(false);
    expect(schema.safeParse({ ...ANSWER, Title: { value: 'x' } }).success).toBe(false);
    const { unsure: _, ...withoutUnsure } = ev('Call');
    expect(schema.safeParse({ ...ANSWER, Title: withoutUnsure }).success).toBe(false);
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
      unsure: false,
    });
    expect(evidence.Needs).toMatchObject({ timestamp: null, unsure: true });
  });

  it('reads an answer that does not say unsure (or says it other than true) as sure', () => {
    const { evidence } = splitEvidence(FIELDS, {
      Title: { value: 'Call', justification: '', quote: '', timestamp: null },
      Greeting: { ...ev('ok'), unsure: 'yes' },
    });
    expect(evidence.Title!.unsure).toBe(false);
    expect(evidence.Greeting!.unsure).toBe(false);
  });
});

describe('fieldDescription', () => {
  it('is the explanation followed by what each option, mark or class means', () => {
    const outcome = field('Outcome', 'option', {
      explanation: 'How the call ended',
      options: [
        { value: 'Sale', explanation: 'The customer ordered' },
        { value: 'Open', explanation: '' },
        { value: 'Lost "for now"', explanation: ' The customer declined ' },
      ],
    });
    expect(fieldDescription(outcome)).toBe(
      'How the call ended\n"Sale": The customer ordered\n"Lost \\"for now\\"": The customer declined',
    );
    const needs = field('Needs', 'marks', {
      marks: [
        { value: 0, explanation: 'No questions' },
        { value: 3, explanation: 'Open questions and a summary' },
      ],
    });
    expect(fieldDescription(needs)).toBe('0: No questions\n3: Open questions and a summary');
    const kind = field('Kind', 'classification', {
      explanation: 'What kind of call?',
      classificationOptions: [
        { promptId: '7', promptName: 'Sales call', description: 'Someone wants to buy' },
        { promptId: '8', promptName: '', description: 'Something is broken' },
      ],
    });
    expect(fieldDescription(kind)).toBe(
      'What kind of call?\n"Sales call": Someone wants to buy\n"8": Something is broken',
    );
    expect(fieldDescription(field('Greeting', 'ok'))).toBe('');
  });

  it('goes into the schema, for the plain and the evidence variant alike', () => {
    const needs = field('Needs', 'marks', {
      explanation: 'How well were the needs explored?',
      marks: [{ value: 1, explanation: 'Some' }],
    });
    const plain = z.toJSONSchema(promptOutputSchema([needs])) as {
      properties: Record<string, { description?: string }>;
    };
    const withEvidence = z.toJSONSchema(promptOutputSchemaWithEvidence([needs])) as {
      properties: Record<string, { properties: Record<string, { description?: string }> }>;
    };
    expect(plain.properties.Needs!.description).toBe('How well were the needs explored?\n1: Some');
    expect(withEvidence.properties.Needs!.properties.value!.description).toBe(
      'How well were the needs explored?\n1: Some',
    );
  });
});
