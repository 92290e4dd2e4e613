import { FIELD_TYPES, type FieldType, PromptInput } from '@parley/contracts';
import { z } from 'zod';

/**
 * What the AI prompt generator asks the model for: the writable parts of PromptInput, every property
 * required and free of length limits (strict structured-output modes reject optional properties and some
 * keywords). The answer is normalised and checked with PromptInput and validatePrompt afterwards.
 */

/** Nesting the generator may use: top-level fields plus two levels of object fields. */
const FIELD_LEVELS = 3;
/** Classification fields point at other prompts by id, which the model cannot know. */
const LEAF_TYPES = FIELD_TYPES.filter((type) => type !== 'object' && type !== 'classification');

export interface GeneratedField {
  key: string;
  type: FieldType;
  explanation: string;
  includeInScore: boolean;
  options: Array<{ value: string; explanation: string }>;
  marks: Array<{ value: number; explanation: string }>;
  content?: GeneratedField[];
}

const TYPE_HELP =
  'string: free text; int / float: a number; array: a list of short texts; bool: true or false; ' +
  'ok: a checklist item answered ok, not ok or n/a; option: one of the listed options; ' +
  'marks: one of the listed whole-number marks; object: a group of nested fields.';

function fieldSchema(levels: number): z.ZodType<GeneratedField> {
  const types = (levels > 1 ? [...LEAF_TYPES, 'object'] : LEAF_TYPES) as [FieldType, ...FieldType[]];
  const common = {
    key: z.string().describe('Short readable name, unique among its siblings, without dots or double quotes'),
    type: z.enum(types).describe(TYPE_HELP),
    explanation: z.string().describe('What the analysing model must evaluate or extract for this field'),
    includeInScore: z.boolean().describe('Whether the value counts towards the final score'),
    options: z
      .array(z.object({ value: z.string(), explanation: z.string() }))
      .describe('For option fields: the possible answers and when each applies. Empty for other types'),
    marks: z
      .array(z.object({ value: z.number(), explanation: z.string() }))
      .describe(
        'For marks fields: the whole-number marks (0 or more) and what earns each. Empty for other types',
      ),
  };
  if (levels <= 1) return z.object(common);
  return z.object({
    ...common,
    content: z
      .array(fieldSchema(levels - 1))
      .describe('For object fields: the nested fields. Empty for other types'),
  });
}

const shape = PromptInput.shape;

export const GeneratedPrompt = z.object({
  scriptName: z.string().describe('A short name for the prompt, at most 40 characters'),
  role: shape.role.unwrap().describe('The kind of team that reviews these conversations'),
  basicInstruction: z
    .string()
    .describe(
      'The main instructions for the analysing model: its role, what to look for, how to judge and score',
    ),
  transcribeInstructions: z
    .string()
    .describe('Hints for the transcription: product names, jargon, who the speakers are. May be empty'),
  companyDetails: z
    .string()
    .describe('Facts about the company from the task description (products, policies). May be empty'),
  responseLanguage: shape.responseLanguage
    .unwrap()
    .describe('Language of the analysis answers; Auto answers in the language of the conversation'),
  finalScore: shape.finalScore
    .unwrap()
    .describe(
      'How the final score is formed: sum of the scored fields, percent of maxScore, descending from maxScore, or no score',
    ),
  maxScore: z.number().nullable().describe('The highest possible score when finalScore needs one, else null'),
  content: z
    .array(fieldSchema(FIELD_LEVELS))
    .describe('The fields the analysing model fills for each conversation, in a sensible order'),
  metadataFields: z
    .array(z.string())
    .describe(
      'Names of call metadata to collect with each upload besides Department and Representative. May be empty',
    ),
});
export type GeneratedPrompt = z.output<typeof GeneratedPrompt>;

export const GENERATION_INSTRUCTIONS = `You design analysis prompts (scorecards) for Parley, a platform that analyses recorded conversations between a company's representatives and its customers. An analysis prompt tells another AI model what to extract from each conversation transcript and how to score it. Answer with one complete prompt in the requested JSON structure.

Guidelines:
- Write basicInstruction as clear, specific instructions for the analysing model.
- Turn each thing the task wants checked into a field with an explanation that says exactly what to look for.
- Use ok fields for checklist items, marks for graded criteria (whole numbers, 0 or more, each mark explained), option for categorical answers, bool for yes/no facts, int or float for counts and measurements, string or array for extracted text, and object to group related fields.
- Set includeInScore only on fields that should add to the final score.
- Fill options only for option fields, marks only for marks fields and content only for object fields; leave them empty otherwise.
- Do not add Summary, Title or Final Score fields: they are added automatically.
- Write names and explanations in the language of the task description.`;
