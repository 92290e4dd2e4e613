import {
  defaultFields,
  type PromptData,
  PromptInput,
  REQUIRED_METADATA,
  type UiLanguage,
} from '@parley/contracts';

/** The prompt form edits the complete prompt data (all defaults filled in). */
export type PromptFormValues = PromptData;

const FORM_KEYS = Object.keys(PromptInput.shape) as Array<keyof PromptFormValues>;

/** Department and Representative are always there (spec 1 §5); missing ones are put first. */
export function withRequiredMetadata(values: PromptFormValues): PromptFormValues {
  const missing = REQUIRED_METADATA.filter((name) => !values.metadataFields.includes(name));
  return missing.length ? { ...values, metadataFields: [...missing, ...values.metadataFields] } : values;
}

/**
 * A new prompt: the spec defaults (§3) with the default fields Summary, Title and Final Score, explained
 * in the user's language.
 */
export function newPromptValues(language: UiLanguage): PromptFormValues {
  const values = PromptInput.parse({ scriptName: '' });
  return { ...values, content: defaultFields(values.finalScore, language) };
}

/** Form values from a loaded or generated prompt: only the prompt's own data (no id, project or dates). */
export function valuesFromPrompt(prompt: PromptData): PromptFormValues {
  const values = Object.fromEntries(FORM_KEYS.map((key) => [key, prompt[key]])) as PromptFormValues;
  return withRequiredMetadata(values);
}
