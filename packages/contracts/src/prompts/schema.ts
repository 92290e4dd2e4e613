import { z } from 'zod';
import { PROJECT_ROLES } from '../roles.ts';
import { DEFAULT_MODEL, DEFAULT_PROVIDER, PROVIDERS } from './models.ts';
import { LVA_OPTIONS } from './units.ts';

export const FIELD_TYPES = [
  'string',
  'int',
  'float',
  'array',
  'bool',
  'ok',
  'option',
  'marks',
  'classification',
  'object',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** The answers an 'ok' field allows: the checklist item was done, not done, or does not apply. */
export const OK_VALUES = ['ok', 'not ok', 'n/a'] as const;

export const FINAL_SCORE_MODES = ['sum', 'percent', 'descending', 'no'] as const;
export const TRANSCRIPTION_TASKS = ['translate', 'transcribe'] as const;
export const TRANSCRIPTION_LANGUAGES = [
  'auto',
  'en',
  'uk',
  'pl',
  'ru',
  'es',
  'de',
  'pt',
  'it',
  'fr',
  'tr',
  'bg',
] as const;
/** Response languages of spec 1 §9; 'Auto' answers in the transcription's language. */
export const RESPONSE_LANGUAGES = [
  'English',
  'Ukrainian',
  'Polish',
  'Russian',
  'Spanish',
  'German',
  'Portuguese',
  'Italian',
  'French',
  'Turkish',
  'Bulgarian',
  'Auto',
] as const;

export const KEY_MAX = 100;
export const EXPLANATION_MAX = 4000;
export const PROMPT_NAME_MAX = 120;
export const PROMPT_TEXT_MAX = 20000;
/** The highest maximum score a prompt may set. */
export const MAX_SCORE_LIMIT = 1_000_000;
/**
 * The largest size of a number a result holds in an int or float field (either sign): any realistic count
 * or measure, and sums of many stay exact to the cent and finite.
 */
export const FIELD_NUMBER_MAX = 1_000_000_000_000;

/** A value an int or float field may hold: a finite number within ±FIELD_NUMBER_MAX. */
export function isFieldNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= FIELD_NUMBER_MAX;
}
/** Deepest nesting of object fields. */
export const MAX_FIELD_DEPTH = 6;
/** Most fields on one level of a prompt's content (the top level or inside one object field). */
export const FIELDS_PER_LEVEL_MAX = 200;
/** Most options, marks or classes one field offers. */
export const FIELD_CHOICES_MAX = 100;
/** Longest text of a classification's prompt id as stored (ids are numbers). */
const PROMPT_ID_TEXT_MAX = 200;

export const FieldOption = z.object({
  value: z.string().max(500),
  explanation: z.string().max(EXPLANATION_MAX),
});
export const FieldMark = z.object({
  value: z.number().int('Marks values must be whole numbers').min(0, 'Marks values must be 0 or more'),
  explanation: z.string().max(EXPLANATION_MAX),
});
export const ClassificationOption = z.object({
  /** Accepted as a number or text, kept as text. A codec (not a transform) so responses can be encoded. */
  promptId: z.codec(
    z.union([z.number().int(), z.string().max(PROMPT_ID_TEXT_MAX)]),
    z.string().max(PROMPT_ID_TEXT_MAX),
    {
      decode: String,
      encode: (id) => id,
    },
  ),
  promptName: z.string().max(PROMPT_NAME_MAX),
  description: z.string().max(EXPLANATION_MAX),
});

/** Most answers one field may name as knockouts (an option field offers at most this many worth naming). */
export const KNOCKOUT_ANSWERS_MAX = 100;
/**
 * An answer that fails the whole conversation (prompts/knockouts.ts): as the result stores it, a boolean for a
 * yes/no field, 'ok' or 'not ok' for an ok field, an option's value for an option field.
 */
export const KnockoutAnswer = z.union([z.boolean(), z.string().max(500)]);
export type KnockoutAnswer = z.output<typeof KnockoutAnswer>;

/** One field of a prompt's content tree (spec 1 §3, Prompt content field). */
export const PromptField = z
  .object({
    key: z.string().max(KEY_MAX),
    type: z.enum(FIELD_TYPES),
    explanation: z.string().max(EXPLANATION_MAX).default(''),
    includeInScore: z.boolean().default(false),
    options: z.array(FieldOption).max(FIELD_CHOICES_MAX).optional(),
    marks: z.array(FieldMark).max(FIELD_CHOICES_MAX).optional(),
    classificationOptions: z.array(ClassificationOption).max(FIELD_CHOICES_MAX).optional(),
    /** Answers that knock the conversation out (yes/no, ok and option fields only; absent: none). */
    knockout: z.array(KnockoutAnswer).max(KNOCKOUT_ANSWERS_MAX).optional(),
    get content() {
      return z.array(PromptField).max(FIELDS_PER_LEVEL_MAX).optional();
    },
  })
  .meta({ id: 'PromptField' });
export type PromptField = z.output<typeof PromptField>;

/** What a client sends to create or replace a prompt. The same schema validates on both sides. */
export const PromptInput = z.object({
  scriptName: z.string().trim().max(PROMPT_NAME_MAX),
  role: z.enum(PROJECT_ROLES).default('Sales'),
  basicInstruction: z.string().max(PROMPT_TEXT_MAX).default(''),
  transcribeInstructions: z.string().max(PROMPT_TEXT_MAX).default(''),
  provider: z.enum(PROVIDERS).default(DEFAULT_PROVIDER),
  model: z.string().trim().min(1).max(200).default(DEFAULT_MODEL),
  responseLanguage: z.enum(RESPONSE_LANGUAGES).default('English'),
  companyDetails: z.string().max(PROMPT_TEXT_MAX).default(''),
  finalScore: z.enum(FINAL_SCORE_MODES).default('sum'),
  LVA: z.enum(LVA_OPTIONS).default('none'),
  maxScore: z.number().min(0).max(MAX_SCORE_LIMIT).nullable().default(null),
  /**
   * The highest final score a knocked-out conversation keeps (prompts/knockouts.ts); absent or null: its final
   * score becomes 0.
   */
  knockoutCap: z.number().min(0).max(MAX_SCORE_LIMIT).nullable().optional(),
  transcriptionTask: z.enum(TRANSCRIPTION_TASKS).default('translate'),
  transcriptionLanguage: z.enum(TRANSCRIPTION_LANGUAGES).default('auto'),
  content: z.array(PromptField).max(FIELDS_PER_LEVEL_MAX).default([]),
  metadataFields: z
    .array(z.string().trim().min(1).max(100))
    .max(50)
    .default(['Department', 'Representative']),
  isClassification: z.boolean().default(false),
});
export type PromptInput = z.input<typeof PromptInput>;
export type PromptData = z.output<typeof PromptInput>;

/** A prompt's model was retired by its provider and replaced by its successor (shown until dismissed or saved). */
export const ModelNotice = z.object({
  /** The retired model. */
  from: z.string(),
  /** The model the prompt uses now. */
  to: z.string(),
  /** When the prompt was moved (ISO). */
  at: z.string(),
});
export type ModelNotice = z.infer<typeof ModelNotice>;

export const Prompt = PromptInput.extend({
  id: z.number().int(),
  projectId: z.number().int(),
  /** Units charged per unit of content: model units + LVA surcharge. */
  units: z.number(),
  modelNotice: ModelNotice.nullable().default(null),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Prompt = z.output<typeof Prompt>;
