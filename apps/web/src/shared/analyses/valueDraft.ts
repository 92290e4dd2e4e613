import { isAiValue, isFieldNumber, type PromptField, proposedValueProblem } from '@parley/contracts';
import type { ProposedValue } from '../api/changeRequests';

/**
 * A value being typed in the change-request and review dialogs. Numbers stay the text typed (so '12abc' is
 * refused as it is, never rewritten to 12); the other types hold their value, undefined until chosen.
 */
export type Draft = ProposedValue | undefined;

export type DraftProblem = 'required' | 'number' | 'wholeNumber' | 'range' | 'invalid' | 'unchanged';

const NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;

/** The draft of a stored value (the AI's, or a proposed one), ready to be edited. */
export function draftOf(field: PromptField, value: unknown): Draft {
  if (field.type === 'int' || field.type === 'float') return typeof value === 'number' ? String(value) : '';
  if (field.type === 'string') return typeof value === 'string' ? value : '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return undefined;
}

/** The value a draft stands for, or why it is none; given the AI's value, a proposal must differ from it. */
export function readDraft(
  field: PromptField,
  draft: Draft,
  aiValue?: unknown,
): { value: ProposedValue; problem: null } | { value: null; problem: DraftProblem } {
  let value: unknown = draft;
  if (field.type === 'int' || field.type === 'float') {
    const text = typeof draft === 'string' ? draft.trim() : '';
    if (text === '') return { value: null, problem: 'required' };
    if (!NUMBER.test(text)) return { value: null, problem: 'number' };
    value = Number(text.replace(',', '.'));
    if (field.type === 'int' && !Number.isInteger(value)) return { value: null, problem: 'wholeNumber' };
    if (!isFieldNumber(value)) return { value: null, problem: 'range' };
  } else if (draft === undefined || (field.type === 'string' && String(draft).trim() === '')) {
    return { value: null, problem: 'required' };
  }
  if (proposedValueProblem(field, value) !== null) return { value: null, problem: 'invalid' };
  if (isAiValue(value, aiValue)) return { value: null, problem: 'unchanged' };
  return { value: value as ProposedValue, problem: null };
}
