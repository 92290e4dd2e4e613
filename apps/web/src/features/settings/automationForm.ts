import {
  type AutomationAction,
  type AutomationRule,
  AutomationRuleInput,
  type AutomationTrigger,
  type FieldOutcome,
  fieldPathLabel,
  type Member,
  type WebhookEndpoint,
} from '@parley/contracts';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { reviewerName } from '../../shared/components/ReviewerSelect';
import { formatNumber } from '../../shared/format/numbers';

/** An action being edited: a webhook action whose endpoint is not chosen yet has endpoint_id 0. */
export type DraftAction = z.input<typeof AutomationAction>;

/** What the rule dialog edits: text inputs as typed, turned into the request by `draftInput`. */
export interface AutomationDraft {
  name: string;
  trigger: AutomationTrigger;
  promptId: number | null;
  department: string;
  representative: string;
  scoreBelow: string;
  knockedOut: boolean;
  field: { path: string; outcome: FieldOutcome | null; value: string | null } | null;
  actions: DraftAction[];
  enabled: boolean;
}

const CONDITION_KEYS = ['prompt_id', 'department', 'representative', 'score_below', 'knocked_out', 'field'];

export function draftOf(rule: AutomationRule | null): AutomationDraft {
  const conditions = rule?.conditions;
  return {
    name: rule?.name ?? '',
    trigger: rule?.trigger ?? 'analysis.completed',
    promptId: conditions?.prompt_id ?? null,
    department: conditions?.department ?? '',
    representative: conditions?.representative ?? '',
    scoreBelow: conditions?.score_below === null || !conditions ? '' : String(conditions.score_below),
    knockedOut: conditions?.knocked_out ?? false,
    field: conditions?.field ?? null,
    actions: rule?.actions ?? [],
    enabled: rule?.enabled ?? true,
  };
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The request the draft stands for (blank texts as no condition), before the contracts schema checks it. */
function draftInput(draft: AutomationDraft): AutomationRuleInput {
  return {
    name: draft.name,
    trigger: draft.trigger,
    conditions: {
      prompt_id: draft.promptId,
      department: textOrNull(draft.department),
      representative: textOrNull(draft.representative),
      score_below: draft.scoreBelow.trim() === '' ? null : Number(draft.scoreBelow),
      knocked_out: draft.knockedOut,
      // A field is one of the rule's prompt's: without a prompt there is no field condition.
      field: draft.promptId === null ? null : draft.field,
    },
    actions: draft.actions,
    enabled: draft.enabled,
  };
}

/** A form error's place: `name`, `conditions.score_below`, `actions`, `actions.1.url` … */
export type ErrorPath = string;

/**
 * The draft checked by the contracts schema: the body to send, or the paths of what is wrong (a webhook action
 * without an endpoint fails the id check of its `endpoint_id`).
 */
export function checkDraft(
  draft: AutomationDraft,
): { body: AutomationRuleInput; problems: null } | { body: null; problems: ErrorPath[] } {
  const parsed = AutomationRuleInput.safeParse(draftInput(draft));
  if (parsed.success) return { body: parsed.data, problems: null };
  return {
    body: null,
    problems: [...new Set(parsed.error.issues.map((issue) => issue.path.map(String).join('.')))],
  };
}

/** Where the server's `field` of a refusal belongs in the form (a bare condition name is one of the conditions). */
export function errorPath(field: string): ErrorPath {
  return CONDITION_KEYS.includes(field.split('.')[0] ?? '') ? `conditions.${field}` : field;
}

/** The translation key of what a path expects, by its last name (`actions.1.url` → automations.invalid.url). */
export const invalidKey = (path: ErrorPath) =>
  `automations.invalid.${path.split('.').findLast((part) => !/^\d+$/.test(part))}`;

/** A saved rule as the full replacement the API takes (the list's switch changes one setting). */
export function bodyOf(
  rule: AutomationRule,
  changes: Partial<AutomationRuleInput> = {},
): AutomationRuleInput {
  const { name, trigger, conditions, actions, enabled } = rule;
  return { name, trigger, conditions, actions, enabled, ...changes };
}

/** The names the summaries show for ids (a prompt, an endpoint or a member that is gone shows as #id). */
export interface SummaryNames {
  prompts: readonly { id: number; name: string }[];
  endpoints: readonly WebhookEndpoint[];
  members: readonly Member[];
}

/** One line of what the analysis must be: "Prompt: Sales call · Score below 60 · Greeting: missed". */
export function describeConditions(
  rule: AutomationRule,
  names: SummaryNames,
  t: TFunction,
  language: string,
): string {
  const { prompt_id, department, representative, score_below, knocked_out, field } = rule.conditions;
  const parts: string[] = [];
  if (prompt_id !== null) {
    const name = names.prompts.find((prompt) => prompt.id === prompt_id)?.name ?? `#${prompt_id}`;
    parts.push(t('automations.describe.prompt', { name }));
  }
  if (department) parts.push(t('automations.describe.department', { department }));
  if (representative) parts.push(t('automations.describe.representative', { representative }));
  if (score_below !== null)
    parts.push(t('automations.describe.scoreBelow', { score: formatNumber(score_below, language) }));
  if (knocked_out) parts.push(t('automations.describe.knockedOut'));
  if (field) {
    const label = fieldPathLabel(field.path);
    if (field.outcome) {
      const outcome = t(`automations.outcomes.${field.outcome}`);
      parts.push(t('automations.describe.fieldOutcome', { field: label, outcome }));
    }
    if (field.value !== null)
      parts.push(t('automations.describe.fieldValue', { field: label, value: field.value }));
  }
  return parts.length > 0 ? parts.join(' · ') : t('automations.describe.everyAnalysis');
}

/** One line of what the rule does: "Webhook to https://… · Email to Ada, Bob · Slack". */
export function describeActions(rule: AutomationRule, names: SummaryNames, t: TFunction): string {
  return rule.actions
    .map((action) => {
      if (action.type === 'webhook') {
        const url = names.endpoints.find((endpoint) => endpoint.id === action.endpoint_id)?.url;
        return t('automations.describe.webhook', { url: url ?? `#${action.endpoint_id}` });
      }
      if (action.type === 'email') {
        const people = action.user_ids.map((id) => reviewerName(names.members, id)).join(', ');
        return t('automations.describe.email', { people });
      }
      return t('automations.describe.slack');
    })
    .join(' · ');
}
