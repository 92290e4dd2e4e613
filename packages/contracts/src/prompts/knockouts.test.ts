import { describe, expect, it } from 'vitest';
import {
  carryKnockouts,
  KNOCKOUT_MESSAGES,
  keepOfferedKnockouts,
  knockoutChoices,
  knockoutProblem,
  toggleKnockout,
} from './knockouts.ts';
import type { PromptField } from './schema.ts';
import { PromptInput } from './schema.ts';
import { validatePrompt } from './validation.ts';

const field = (key: string, type: PromptField['type'], extra: Partial<PromptField> = {}): PromptField => ({
  key,
  type,
  explanation: '',
  includeInScore: false,
  ...extra,
});
const options = (...values: string[]) => ({ options: values.map((value) => ({ value, explanation: '' })) });

describe('knockoutChoices', () => {
  it('offers yes and no, ok and not ok (never n/a), an option field its values, other types nothing', () => {
    expect(knockoutChoices(field('A', 'bool'))).toEqual([true, false]);
    expect(knockoutChoices(field('A', 'ok'))).toEqual(['ok', 'not ok']);
    expect(knockoutChoices(field('A', 'option', options('sale', ' lost ', '')))).toEqual(['sale', 'lost']);
    expect(knockoutChoices(field('A', 'marks'))).toEqual([]);
    expect(knockoutChoices(field('A', 'string'))).toEqual([]);
  });
});

describe('toggleKnockout and keepOfferedKnockouts', () => {
  it('adds and removes answers in the order the field offers them; none left removes the property', () => {
    const ok = field('Greeting', 'ok');
    const both = toggleKnockout(toggleKnockout(ok, 'not ok', true), 'ok', true);
    expect(both.knockout).toEqual(['ok', 'not ok']);
    const none = toggleKnockout(toggleKnockout(both, 'ok', false), 'not ok', false);
    expect(none).toEqual(ok);
    expect('knockout' in none).toBe(false);
  });
  it('drops knockout answers an option field no longer offers', () => {
    const outcome = field('Outcome', 'option', { ...options('sale', 'lost'), knockout: ['lost', 'gone'] });
    expect(keepOfferedKnockouts(outcome).knockout).toEqual(['lost']);
    expect(keepOfferedKnockouts({ ...outcome, ...options('sale') })).not.toHaveProperty('knockout');
  });
});

describe('knockoutProblem', () => {
  it('accepts offered answers and no knockouts at all', () => {
    expect(knockoutProblem(field('A', 'bool', { knockout: [false] }), 'A')).toBeNull();
    expect(knockoutProblem(field('A', 'string'), 'A')).toBeNull();
    expect(knockoutProblem(field('A', 'string', { knockout: [] }), 'A')).toBeNull();
  });
  it('names the field and what is wrong', () => {
    expect(knockoutProblem(field('A', 'marks', { knockout: ['0'] }), 'G > A')).toBe(
      'Field "G > A": only yes/no, ok and option fields can have knockout answers.',
    );
    expect(knockoutProblem(field('A', 'ok', { knockout: ['n/a'] }), 'A')).toBe(
      'Field "A": the knockout answer "n/a" is not one of the field\'s answers.',
    );
    expect(knockoutProblem(field('A', 'bool', { knockout: ['no'] }), 'A')).toBe(
      'Field "A": the knockout answer "no" is not one of the field\'s answers.',
    );
    expect(knockoutProblem(field('A', 'option', { ...options('x'), knockout: ['x', 'x'] }), 'A')).toBe(
      'Field "A": knockout answers must be unique.',
    );
  });
});

describe('validatePrompt with knockouts', () => {
  const base = {
    scriptName: 'Calls',
    projectId: 1,
    metadataFields: ['Department', 'Representative'],
  };
  it('checks knockout answers of nested fields and the cap range', () => {
    const nested = field('Group', 'object', { content: [field('Budget', 'bool', { knockout: ['yes'] })] });
    expect(validatePrompt({ ...base, content: [nested] })).toEqual({
      message: 'Field "Group > Budget": the knockout answer "yes" is not one of the field\'s answers.',
      tab: 'structure',
    });
    const content = [field('Budget', 'bool', { knockout: [false] })];
    expect(validatePrompt({ ...base, content, knockoutCap: 40 })).toBeNull();
    expect(validatePrompt({ ...base, content, knockoutCap: -1 })).toEqual({
      message: KNOCKOUT_MESSAGES.capInvalid,
      tab: 'basic',
    });
    expect(validatePrompt({ ...base, content, knockoutCap: 1_000_001 })?.tab).toBe('basic');
  });
  it('the API schema keeps the cap optional and refuses one out of range', () => {
    expect(PromptInput.parse({ scriptName: 'x' })).not.toHaveProperty('knockoutCap');
    expect(PromptInput.parse({ scriptName: 'x', knockoutCap: 20 }).knockoutCap).toBe(20);
    expect(PromptInput.safeParse({ scriptName: 'x', knockoutCap: -2 }).success).toBe(false);
  });
});

describe('carryKnockouts', () => {
  it('keeps the marks of paths that remain and still offer the answer', () => {
    const before: PromptField[] = [
      { key: 'Greeting', type: 'ok', explanation: '', includeInScore: false, knockout: ['not ok'] },
      {
        key: 'Offer',
        type: 'option',
        explanation: '',
        includeInScore: false,
        options: [{ value: 'None', explanation: '' }],
        knockout: ['None'],
      },
      {
        key: 'Group',
        type: 'object',
        explanation: '',
        includeInScore: false,
        content: [{ key: 'Inner', type: 'bool', explanation: '', includeInScore: false, knockout: [false] }],
      },
    ];
    const after: PromptField[] = [
      { key: 'Greeting', type: 'ok', explanation: 'new', includeInScore: false },
      {
        key: 'Offer',
        type: 'option',
        explanation: '',
        includeInScore: false,
        options: [{ value: 'Some', explanation: '' }],
      },
      {
        key: 'Group',
        type: 'object',
        explanation: '',
        includeInScore: false,
        content: [{ key: 'Inner', type: 'bool', explanation: '', includeInScore: false }],
      },
      { key: 'New', type: 'bool', explanation: '', includeInScore: false },
    ];
    expect(carryKnockouts(before, after)).toEqual([
      { key: 'Greeting', type: 'ok', explanation: 'new', includeInScore: false, knockout: ['not ok'] },
      {
        key: 'Offer',
        type: 'option',
        explanation: '',
        includeInScore: false,
        options: [{ value: 'Some', explanation: '' }],
      },
      {
        key: 'Group',
        type: 'object',
        explanation: '',
        includeInScore: false,
        content: [{ key: 'Inner', type: 'bool', explanation: '', includeInScore: false, knockout: [false] }],
      },
      { key: 'New', type: 'bool', explanation: '', includeInScore: false },
    ]);
  });
});
