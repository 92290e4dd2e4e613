import {
  addMetadataField,
  carryKnockouts,
  DEFAULT_LANGUAGE,
  DEFAULT_MODEL,
  DEFAULT_PROVIDER,
  KEY_MAX,
  LOCKED_KEYS,
  PROMPT_NAME_MAX,
  type PromptData,
  type PromptField,
  PromptInput,
  REQUIRED_METADATA,
  sanitizeKeyInput,
  validatePrompt,
  withDefaultFields,
} from '@parley/contracts';
import { generationTarget, isProviderAvailable, listModels, listProviders } from '../../ai/catalog.ts';
import { aiFailed, generateStructured } from '../../ai/generate.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { humanIssueMessage } from '../../http/validation.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { GENERATION_INSTRUCTIONS, type GeneratedField, GeneratedPrompt } from './generation-schema.ts';
import { findPromptRow, toPromptData } from './service.ts';

export interface GenerationRequest {
  taskDescription: string;
  /** Improve this prompt of the project instead of writing a new one. */
  promptId?: number;
}

/**
 * Asks the generation model for a complete prompt (or an improved version of an existing one) and returns
 * it normalised and validated like a save would be, but not saved.
 */
export async function generatePrompt(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number,
  request: GenerationRequest,
): Promise<PromptData> {
  const base = request.promptId ? toPromptData(await findPromptRow(ctx, access, request.promptId)) : null;
  const generated = await generateStructured(ctx, {
    purpose: 'prompt_generation',
    projectId: access.project.id,
    userId,
    ...generationTarget(ctx.config),
    schema: GeneratedPrompt,
    instructions: GENERATION_INSTRUCTIONS,
    prompt: generationPrompt(access, request.taskDescription, base),
  });
  return assemblePrompt(ctx.config, access, generated, base);
}

function generationPrompt(access: ProjectAccess, taskDescription: string, base: PromptData | null): string {
  const parts = [`The prompt is for a ${access.project.role} team.`];
  if (base) {
    // What the model may change; the analysis model and transcription settings stay as they are.
    const { provider, model, LVA, transcriptionTask, transcriptionLanguage, isClassification, ...editable } =
      base;
    const existing = { ...editable, content: base.content.filter((field) => !isAutomatic(field)) };
    parts.push(
      'Improve this existing prompt as the task below asks. Keep what already works and answer with the complete improved prompt.',
      `<existing_prompt>\n${JSON.stringify(existing, null, 2)}\n</existing_prompt>`,
    );
  }
  parts.push(`<task>\n${taskDescription}\n</task>`);
  return parts.join('\n\n');
}

const LOCKED: ReadonlySet<string> = new Set(LOCKED_KEYS);

/** Fields the server adds or keeps itself: Summary, Title, Final Score and classification fields. */
function isAutomatic(field: PromptField): boolean {
  return LOCKED.has(field.key) || field.type === 'classification';
}

function assemblePrompt(
  config: Config,
  access: ProjectAccess,
  generated: GeneratedPrompt,
  base: PromptData | null,
): PromptData {
  const classification = base?.isClassification
    ? base.content.filter((field) => field.type === 'classification')
    : [];
  const parsed = PromptInput.safeParse(
    {
      ...(base ?? analysisModel(config)),
      scriptName: base?.scriptName ?? generated.scriptName.trim().slice(0, PROMPT_NAME_MAX),
      role: generated.role,
      basicInstruction: generated.basicInstruction.trim(),
      transcribeInstructions: generated.transcribeInstructions.trim(),
      companyDetails: generated.companyDetails.trim(),
      responseLanguage: generated.responseLanguage,
      finalScore: generated.finalScore,
      maxScore: generated.maxScore === null ? null : Math.max(0, generated.maxScore),
      content: withDefaultFields(
        [...classification, ...carryKnockouts(base?.content ?? [], normalizeFields(generated.content))],
        generated.finalScore,
        access.language ?? DEFAULT_LANGUAGE,
      ),
      metadataFields: [
        ...REQUIRED_METADATA,
        ...(base?.metadataFields ?? []),
        ...generated.metadataFields,
      ].reduce(addMetadataField, []),
      isClassification: base?.isClassification ?? false,
    },
    { error: humanIssueMessage },
  );
  if (!parsed.success) {
    throw aiFailed(`The generated prompt is not usable: ${parsed.error.issues[0]!.message}`);
  }
  const problem = validatePrompt({ ...parsed.data, projectId: access.project.id });
  if (problem) throw aiFailed(`The generated prompt is not valid: ${problem.message}`);
  return parsed.data;
}

/** A new prompt analyses with the spec's default model, or the first available provider's first model. */
function analysisModel(config: Config): Pick<PromptData, 'provider' | 'model'> {
  if (isProviderAvailable(config, DEFAULT_PROVIDER))
    return { provider: DEFAULT_PROVIDER, model: DEFAULT_MODEL };
  const provider = listProviders(config).find((info) => info.available)!.id;
  return { provider, model: listModels(config, provider)[0]!.model };
}

/**
 * Makes the model's fields valid the way the form would: keys without dots or quotes and unique per level,
 * options with values, marks whole numbers >= 0, objects with content; a type left without its data becomes
 * the nearest plain type.
 */
function normalizeFields(fields: GeneratedField[]): PromptField[] {
  const used = new Set<string>();
  return fields.map((field): PromptField => {
    const common = {
      key: uniqueKey(sanitizeKeyInput(field.key).trim().slice(0, KEY_MAX) || 'Field', used),
      explanation: field.explanation.trim(),
      includeInScore: field.includeInScore,
    };
    if (field.type === 'option') {
      const options = uniqueBy(
        field.options
          .map((option) => ({ value: option.value.trim(), explanation: option.explanation.trim() }))
          .filter((option) => option.value),
        (option) => option.value,
      );
      return options.length ? { ...common, type: 'option', options } : { ...common, type: 'string' };
    }
    if (field.type === 'marks') {
      const marks = uniqueBy(
        field.marks.map((mark) => ({
          value: Math.max(0, Math.round(mark.value)),
          explanation: mark.explanation.trim(),
        })),
        (mark) => mark.value,
      );
      return marks.length ? { ...common, type: 'marks', marks } : { ...common, type: 'int' };
    }
    if (field.type === 'object') {
      const content = normalizeFields(field.content ?? []);
      return content.length ? { ...common, type: 'object', content } : { ...common, type: 'string' };
    }
    return { ...common, type: field.type };
  });
}

function uniqueKey(key: string, used: Set<string>): string {
  let candidate = key;
  for (let n = 2; used.has(candidate); n += 1) candidate = `${key.slice(0, KEY_MAX - 4)} ${n}`;
  used.add(candidate);
  return candidate;
}

function uniqueBy<T>(items: T[], by: (item: T) => string | number): T[] {
  const seen = new Set<string | number>();
  return items.filter((item) => {
    const key = by(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
