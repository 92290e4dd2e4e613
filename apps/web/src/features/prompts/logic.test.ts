import {
  FIELD_TYPES,
  FINAL_SCORE_MODES,
  LVA_OPTIONS,
  PROMPT_MESSAGES,
  RESPONSE_LANGUAGES,
  TRANSCRIPTION_LANGUAGES,
  TRANSCRIPTION_TASKS,
  validatePrompt,
} from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n';
import { flattenLocale } from '../../shared/i18n/localeCheck';
import { LOCALE_FILES } from '../../test/locales';
import { field, promptFixture } from '../../test/prompts';
import { AI_PROGRESS_INITIAL, nextAiProgress } from './aiProgress';
import { newPromptValues, valuesFromPrompt } from './formValues';
import { translatePromptMessage } from './messages';
import { keyErrorAt } from './structure/keyError';
import { unitsBreakdown } from './units';

const english = flattenLocale(LOCALE_FILES.en ?? {});
const en = i18n.getFixedT('en');
const de = i18n.getFixedT('de');

describe('AI progress steps (spec 1 §4)', () => {
  it('starts at 10, rises evenly to 90 over five steps, then holds at 95', () => {
    const seen = [AI_PROGRESS_INITIAL];
    for (let i = 0; i < 6; i += 1) seen.push(nextAiProgress(seen.at(-1)!));
    expect(seen.map((state) => state.value)).toEqual([10, 30, 50, 70, 90, 95, 95]);
    expect(seen.map((state) => state.step)).toEqual([0, 1, 2, 3, 4, 4, 4]);
  });
});

describe('prompt messages', () => {
  const base = {
    scriptName: 'x',
    projectId: 5,
    metadataFields: ['Department', 'Representative'],
    content: [],
  };
  const samples = [
    validatePrompt({ ...base, scriptName: ' ' }),
    validatePrompt({ ...base, metadataFields: ['Department'] }),
    validatePrompt({ ...base, content: [field('')] }),
    validatePrompt({ ...base, content: [field('Call', 'object', { content: [field('')] })] }),
    validatePrompt({ ...base, content: [field('a.b')] }),
    validatePrompt({ ...base, content: [field('a"b')] }),
    validatePrompt({ ...base, content: [field('A'), field('A')] }),
    validatePrompt({
      ...base,
      content: [
        field('Call', 'object', {
          content: [field('Intro', 'object', { content: [field('G'), field('G')] })],
        }),
      ],
    }),
    validatePrompt({
      ...base,
      content: [field('O', 'option', { options: [{ value: '', explanation: '' }] })],
    }),
    validatePrompt({
      ...base,
      content: [
        field('O', 'option', {
          options: [
            { value: 'a', explanation: '' },
            { value: 'a', explanation: '' },
          ],
        }),
      ],
    }),
    validatePrompt({ ...base, content: [field('M', 'marks', { marks: [] })] }),
    validatePrompt({ ...base, content: [field('M', 'marks', { marks: [{ value: -1, explanation: '' }] })] }),
    validatePrompt({
      ...base,
      content: [
        field('C', 'classification', {
          classificationOptions: [{ promptId: '', promptName: '', description: '' }],
        }),
      ],
    }),
    validatePrompt({ ...base, content: [field('Obj', 'object', { content: [] })] }),
    validatePrompt({ ...base, content: [], knockoutCap: -1 }),
    validatePrompt({
      ...base,
      content: [field('M', 'marks', { marks: [{ value: 1, explanation: '' }], knockout: [true] })],
    }),
    validatePrompt({ ...base, content: [field('B', 'bool', { knockout: ['no'] })] }),
    validatePrompt({ ...base, content: [field('B', 'bool', { knockout: [false, false] })] }),
  ].map((problem) => problem?.message ?? '');

  it('every contracts message has a translation whose English is the contracts text', () => {
    expect(samples.every(Boolean)).toBe(true);
    for (const message of samples) {
      expect(translatePromptMessage(message, en)).toBe(message);
      expect(translatePromptMessage(message, de)).not.toBe(message);
    }
  });

  it('the exact spec texts are the English values', () => {
    expect(english.get('prompts.messages.requiredFields')).toBe(PROMPT_MESSAGES.requiredFields);
    expect(english.get('prompts.messages.saved')).toBe(PROMPT_MESSAGES.saved);
    expect(english.get('prompts.messages.descriptionRequired')).toBe(PROMPT_MESSAGES.descriptionRequired);
    expect(english.get('prompts.messages.emptyKey')).toBe(PROMPT_MESSAGES.emptyKey);
    expect(english.get('prompts.messages.generationFailed')).toBe(
      PROMPT_MESSAGES.generationFailed.replace('{message}', '{{message}}'),
    );
  });

  it('shows unknown messages as they are', () => {
    expect(translatePromptMessage('Something new', de)).toBe('Something new');
  });

  it('has the keys the code builds from contracts lists', () => {
    const keys = [
      ...FIELD_TYPES.map((type) => `prompts.fieldTypes.${type}`),
      ...FINAL_SCORE_MODES.map((mode) => `prompts.finalScoreModes.${mode}`),
      ...LVA_OPTIONS.map((option) => `prompts.lva.${option}`),
      ...TRANSCRIPTION_TASKS.map((task) => `prompts.transcriptionTasks.${task}`),
      ...TRANSCRIPTION_LANGUAGES.map((language) => `prompts.transcriptionLanguages.${language}`),
      ...RESPONSE_LANGUAGES.map((language) => `prompts.responseLanguages.${language}`),
      ...['ai', 'structure', 'basic', 'metadata'].map((tab) => `prompts.tabs.${tab}`),
      ...['createTitle', 'editTitle', 'cloneTitle'].map((key) => `prompts.form.${key}`),
      ...['analyzing', 'structuring', 'writing', 'scoring', 'finalizing'].map(
        (key) => `prompts.ai.steps.${key}`,
      ),
      ...Object.keys(PROMPT_MESSAGES).map((key) => `prompts.messages.${key}`),
    ];
    expect(keys.filter((key) => !english.has(key))).toEqual([]);
  });
});

describe('keyErrorAt', () => {
  const siblings = [field('Summary'), field(''), field('Summary'), field('Intro')];
  it('reports the field’s own problem at its level, in the contracts’ words', () => {
    const duplicate =
      'Duplicate key "Summary" found at the top level. All keys must be unique on the same level.';
    // the message shows once, at the repetition, not at the field it repeats
    expect(keyErrorAt(siblings, 0, [])).toBeNull();
    expect(keyErrorAt(siblings, 1, [])).toBe(PROMPT_MESSAGES.emptyKey);
    expect(keyErrorAt(siblings, 2, [])).toBe(duplicate);
    expect(keyErrorAt(siblings, 3, [])).toBeNull();
    expect(keyErrorAt([field('A'), field('A')], 1, ['Call'])).toContain('level 2 (inside "Call")');
  });
});

describe('units (spec 1 §9)', () => {
  it('adds the LVA surcharge exactly; unknown models count 1', () => {
    const groq = { model: 'llama', display_name: 'Llama', max_tokens: 1, context_window: 1, units: 0.1 };
    expect(unitsBreakdown(groq, 'emlo').total).toBe(0.3);
    expect(unitsBreakdown(groq, 'emlo-callrisk').total).toBe(10.1);
    expect(unitsBreakdown(undefined, 'emlo-pme')).toEqual({ model: 1, surcharge: 5, total: 6 });
  });
});

describe('form values', () => {
  it('a new prompt has the spec defaults and the default fields', () => {
    const values = newPromptValues('en');
    expect(values).toMatchObject({
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
    expect(values.content.map((f) => f.key)).toEqual(['Summary', 'Title', 'Final Score']);
    expect(values.content[0]?.explanation).toBe('Provide a concise summary of the conversation');
  });

  it('a new prompt explains its default fields in the language given', () => {
    expect(newPromptValues('de').content.map((f) => f.explanation)).toEqual([
      'Gib eine knappe Zusammenfassung des Gesprächs',
      'Gib diesem Gespräch einen aussagekräftigen Titel',
      'Die Endpunktzahl des Gesprächs',
    ]);
  });

  it('loaded prompts keep their data, lose server fields and always have the required metadata', () => {
    const values = valuesFromPrompt(promptFixture({ id: 3, scriptName: 'Old', metadataFields: ['Region'] }));
    expect(values.scriptName).toBe('Old');
    expect(values.metadataFields).toEqual(['Department', 'Representative', 'Region']);
    expect(values).not.toHaveProperty('id');
    expect(values).not.toHaveProperty('projectId');
  });
});
