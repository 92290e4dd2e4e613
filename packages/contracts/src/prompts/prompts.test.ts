import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromMilliUnits, milliUnits, toMilliUnits } from '../billing/units.ts';
import { UI_LANGUAGES } from '../languages.ts';
import { DEFAULT_FIELD_EXPLANATIONS } from './default-explanations.ts';
import {
  addMetadataField,
  changeFieldType,
  cloneName,
  defaultFields,
  isLockedField,
  sanitizeKeyInput,
  toggleClassification,
  withDefaultFields,
} from './fields.ts';
import { promptOutputSchema } from './output-schema.ts';
import { type PromptField, PromptInput } from './schema.ts';
import { promptUnitsMilli } from './units.ts';
import { PROMPT_MESSAGES, validatePrompt } from './validation.ts';

const field = (
  key: string,
  type: PromptField['type'] = 'string',
  extra: Partial<PromptField> = {},
): PromptField => ({
  key,
  type,
  explanation: '',
  includeInScore: false,
  ...extra,
});

describe('changeFieldType', () => {
  it('scores int, float and bool only', () => {
    expect(changeFieldType(field('a'), 'int').includeInScore).toBe(true);
    expect(changeFieldType(field('a'), 'float').includeInScore).toBe(true);
    expect(changeFieldType(field('a'), 'bool').includeInScore).toBe(true);
    expect(changeFieldType(field('a', 'int', { includeInScore: true }), 'string').includeInScore).toBe(false);
    expect(changeFieldType(field('a'), 'ok').includeInScore).toBe(false);
  });
  it('starts each type with its empty structure and drops the old data', () => {
    const option = field('a', 'option', { options: [{ value: 'x', explanation: '' }] });
    expect(changeFieldType(option, 'object')).toEqual({
      key: 'a',
      type: 'object',
      explanation: '',
      includeInScore: false,
      content: [],
    });
    expect(changeFieldType(field('a'), 'option').options).toEqual([{ value: '', explanation: '' }]);
    expect(changeFieldType(field('a'), 'marks').marks).toEqual([{ value: 0, explanation: '' }]);
    expect(changeFieldType(field('a'), 'classification').classificationOptions).toEqual([
      { promptId: '', promptName: '', description: '' },
    ]);
    expect(changeFieldType(option, 'string')).not.toHaveProperty('options');
  });
});

describe('toggleClassification', () => {
  it('adds one Classification field at the top when turned on', () => {
    const on = toggleClassification([field('Summary')], true);
    expect(on.map((f) => [f.key, f.type])).toEqual([
      ['Classification', 'classification'],
      ['Summary', 'string'],
    ]);
    expect(toggleClassification(on, true)).toBe(on);
  });
  it('removes every classification field when turned off', () => {
    const content = [field('A', 'classification'), field('Summary'), field('B', 'classification')];
    expect(toggleClassification(content, false).map((f) => f.key)).toEqual(['Summary']);
  });
});

describe('small rules', () => {
  it('clone names cut the original to 40 characters before _copy', () => {
    expect(cloneName('Short')).toBe('Short_copy');
    expect(cloneName('x'.repeat(50))).toBe(`${'x'.repeat(40)}_copy`);
  });
  it('strips quotes and dots while typing a key', () => {
    expect(sanitizeKeyInput('a."b"c')).toBe('abc');
  });
  it('locks Summary, Title, Final Score, and classification fields of classification prompts', () => {
    expect(isLockedField(field('Summary'), false)).toBe(true);
    expect(isLockedField(field('Final Score', 'float'), false)).toBe(true);
    expect(isLockedField(field('Other'), false)).toBe(false);
    expect(isLockedField(field('C', 'classification'), true)).toBe(true);
    expect(isLockedField(field('C', 'classification'), false)).toBe(false);
  });
  it('adds metadata names, ignoring blanks and duplicates', () => {
    expect(addMetadataField(['Department'], '  ')).toEqual(['Department']);
    expect(addMetadataField(['Department'], 'Department')).toEqual(['Department']);
    expect(addMetadataField(['Department'], ' Phone ')).toEqual(['Department', 'Phone']);
  });
  it('adds Summary and Title when missing, and Final Score unless scoring is off', () => {
    expect(withDefaultFields([field('X')], 'sum', 'en').map((f) => f.key)).toEqual([
      'Summary',
      'Title',
      'X',
      'Final Score',
    ]);
    expect(
      withDefaultFields([field('Final Score', 'float'), field('Title')], 'no', 'en').map((f) => f.key),
    ).toEqual(['Summary', 'Title']);
  });
  it('explains the default fields it adds in the language given, and keeps the explanations there', () => {
    const kept = field('Title', 'string', { explanation: 'My own title' });
    expect(withDefaultFields([kept], 'sum', 'uk')).toEqual([
      field('Summary', 'string', { explanation: 'Наведіть стислий підсумок розмови' }),
      kept,
      field('Final Score', 'float', { explanation: 'Підсумкова оцінка розмови' }),
    ]);
  });
  it('starts a new prompt with the default fields in the language given', () => {
    expect(defaultFields('sum', 'en')).toEqual([
      field('Summary', 'string', { explanation: 'Provide a concise summary of the conversation' }),
      field('Title', 'string', { explanation: 'Provide a descriptive title for this conversation' }),
      field('Final Score', 'float', { explanation: 'The final score of the conversation' }),
    ]);
    expect(defaultFields('no', 'fr').map((f) => f.explanation)).toEqual([
      'Fournissez un résumé concis de la conversation',
      'Donnez un titre descriptif à cette conversation',
    ]);
  });
  it('has the default explanations in every UI language, each its own translation', () => {
    expect(Object.keys(DEFAULT_FIELD_EXPLANATIONS).sort()).toEqual([...UI_LANGUAGES].sort());
    const english = DEFAULT_FIELD_EXPLANATIONS.en;
    for (const language of UI_LANGUAGES.filter((lang) => lang !== 'en')) {
      const texts = DEFAULT_FIELD_EXPLANATIONS[language];
      for (const key of ['summary', 'title', 'finalScore'] as const) {
        expect(texts[key].trim(), `${language}.${key}`).not.toBe('');
        expect(texts[key], `${language}.${key}`).not.toBe(english[key]);
      }
    }
  });
});

describe('units', () => {
  it('adds model units and the LVA surcharge exactly', () => {
    expect(fromMilliUnits(promptUnitsMilli(toMilliUnits(1), 'emlo'))).toBe(1.2);
    expect(fromMilliUnits(promptUnitsMilli(toMilliUnits(0.1), 'emlo'))).toBe(0.3);
    expect(fromMilliUnits(promptUnitsMilli(toMilliUnits('1.5'), 'emlo-callrisk'))).toBe(11.5);
    expect(promptUnitsMilli(toMilliUnits(1), 'none')).toBe(1000);
    expect(promptUnitsMilli(milliUnits(1000), 'emlo-telesales')).toBe(5000);
    expect(promptUnitsMilli(milliUnits(1000), 'emlo-pme')).toBe(6000);
    expect(() => toMilliUnits('1.2345')).toThrow();
  });
});

describe('validatePrompt', () => {
  const base = { scriptName: 'Sales QA', projectId: 1, metadataFields: ['Department', 'Representative'] };
  it('needs a name and a project', () => {
    expect(validatePrompt({ ...base, scriptName: ' ', content: [] })?.message).toBe(
      PROMPT_MESSAGES.requiredFields,
    );
    expect(validatePrompt({ ...base, projectId: null, content: [] })?.message).toBe(
      PROMPT_MESSAGES.requiredFields,
    );
  });
  it('needs Department and Representative, on the metadata tab', () => {
    expect(validatePrompt({ ...base, metadataFields: ['Department'], content: [] })).toEqual({
      message: PROMPT_MESSAGES.requiredMetadata,
      tab: 'metadata',
    });
  });
  it('checks keys at every level and names the level', () => {
    expect(validatePrompt({ ...base, content: [field(' ')] })?.message).toBe(
      'Empty key found in prompt fields. All fields must have a key.',
    );
    expect(validatePrompt({ ...base, content: [field('A'), field('A')] })?.message).toBe(
      'Duplicate key "A" found at the top level. All keys must be unique on the same level.',
    );
    const nested = field('Call', 'object', {
      content: [field('Intro', 'object', { content: [field('Greeting'), field('Greeting')] })],
    });
    expect(validatePrompt({ ...base, content: [nested] })).toEqual({
      message:
        'Duplicate key "Greeting" found at level 3 (inside "Call > Intro"). All keys must be unique on the same level.',
      tab: 'structure',
    });
    expect(
      validatePrompt({ ...base, content: [field('Call', 'object', { content: [field('')] })] })?.message,
    ).toBe('Empty key found in prompt fields. All fields must have a key. (level 2 (inside "Call"))');
    expect(validatePrompt({ ...base, content: [field('a.b')] })?.message).toContain('must not contain dots');
    expect(validatePrompt({ ...base, content: [field('a"b')] })?.message).toContain(
      'must not contain double quotes',
    );
    expect(
      validatePrompt({ ...base, content: [field('A'), field('Call', 'object', { content: [field('A')] })] }),
    ).toBeNull();
  });
  it('needs option values, marks and classification targets', () => {
    expect(
      validatePrompt({
        ...base,
        content: [field('O', 'option', { options: [{ value: '', explanation: '' }] })],
      })?.message,
    ).toContain('every option needs a value');
    expect(validatePrompt({ ...base, content: [field('M', 'marks', { marks: [] })] })?.message).toContain(
      'at least one mark',
    );
    expect(
      PromptInput.safeParse({
        scriptName: 'x',
        content: [field('M', 'marks', { marks: [{ value: 1.5, explanation: '' }] })],
      }).success,
    ).toBe(false);
    expect(
      PromptInput.safeParse({
        scriptName: 'x',
        content: [field('M', 'marks', { marks: [{ value: -1, explanation: '' }] })],
      }).success,
    ).toBe(false);
  });
});

describe('PromptInput defaults', () => {
  // The spec's default model (Claude 3.7 Sonnet) is retired by Anthropic: its successor (issue 31).
  it('are the spec defaults, with a current model', () => {
    expect(PromptInput.parse({ scriptName: 'x' })).toMatchObject({
      role: 'Sales',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5-20250929',
      responseLanguage: 'English',
      finalScore: 'sum',
      LVA: 'none',
      transcriptionTask: 'translate',
      transcriptionLanguage: 'auto',
      metadataFields: ['Department', 'Representative'],
      isClassification: false,
    });
  });
});

describe('promptOutputSchema', () => {
  const fields: PromptField[] = [
    field('Summary'),
    field('Score', 'int'),
    field('Greeting', 'ok'),
    field('Outcome', 'option', {
      options: [
        { value: 'won', explanation: '' },
        { value: 'lost', explanation: '' },
      ],
    }),
    field('Politeness', 'marks', {
      marks: [
        { value: 0, explanation: '' },
        { value: 5, explanation: '' },
      ],
    }),
    field('Details', 'object', { content: [field('Topics', 'array'), field('Resolved', 'bool')] }),
  ];
  const schema = promptOutputSchema(fields);
  const valid = {
    Summary: 's',
    Score: 3,
    Greeting: 'ok',
    Outcome: 'won',
    Politeness: 5,
    Details: { Topics: ['a'], Resolved: true },
  };
  it('accepts a complete, typed answer', () => {
    expect(schema.parse(valid)).toEqual(valid);
  });
  it('refuses wrong types, unknown options and marks, and missing fields', () => {
    expect(schema.safeParse({ ...valid, Score: 2.5 }).success).toBe(false);
    expect(schema.safeParse({ ...valid, Outcome: 'maybe' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, Politeness: 3 }).success).toBe(false);
    expect(schema.safeParse({ ...valid, Details: { Topics: [] } }).success).toBe(false);
  });
  it('compiles to a JSON schema with every property required', () => {
    const json = z.toJSONSchema(schema) as { required: string[]; properties: Record<string, unknown> };
    expect(json.required).toEqual(['Summary', 'Score', 'Greeting', 'Outcome', 'Politeness', 'Details']);
  });
});
