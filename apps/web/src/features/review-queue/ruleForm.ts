import {
  fieldPathLabel,
  type SamplingRuleCreateRequest as RuleBody,
  type SamplingRule,
  SamplingRuleCreateRequest,
} from '@parley/contracts';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { formatNumber } from '../../shared/format/numbers';

/** The rule dialog's values: the request's input shape (the contracts schema validates it). */
export type RuleFormValues = z.input<typeof SamplingRuleCreateRequest>;
export type RuleFormOutput = z.output<typeof SamplingRuleCreateRequest>;
export const ruleFormSchema = SamplingRuleCreateRequest;

/** The inputs a refusal may name; the form puts the server's message under the input. */
export const RULE_FORM_FIELDS = [
  'name',
  'kind',
  'per_representative',
  'score_below',
  'prompt_id',
  'field_path',
  'department',
  'since',
  'until',
  'reviewer_ids',
  'weekly_goal',
] as const;
export type RuleFormField = (typeof RULE_FORM_FIELDS)[number];

export function ruleFormDefaults(rule: SamplingRule | null): RuleFormValues {
  return {
    name: rule?.name ?? '',
    kind: rule?.kind ?? 'random',
    per_representative: rule ? rule.per_representative : 3,
    score_below: rule?.score_below ?? null,
    prompt_id: rule?.prompt_id ?? null,
    field_path: rule?.field_path ?? null,
    department: rule?.department ?? null,
    since: rule?.since ?? null,
    until: rule?.until ?? null,
    reviewer_ids: rule?.reviewer_ids ?? [],
    weekly_goal: rule?.weekly_goal ?? null,
    enabled: rule?.enabled ?? true,
  };
}

/** What the form sends: the threshold and field only of its own kind, a blank department as none. */
export function ruleBody(values: RuleFormOutput): RuleBody {
  return {
    ...values,
    per_representative: values.kind === 'random' ? values.per_representative : null,
    score_below: values.kind === 'score_below' ? values.score_below : null,
    field_path: values.kind === 'unsure' ? values.field_path : null,
    department: values.department?.trim() ? values.department.trim() : null,
  };
}

/** A saved rule as the full replacement the API takes (the list's switch changes one setting). */
export function bodyOf(rule: SamplingRule, changes: Partial<RuleBody> = {}): RuleBody {
  return {
    name: rule.name,
    kind: rule.kind,
    per_representative: rule.per_representative,
    score_below: rule.score_below,
    prompt_id: rule.prompt_id,
    field_path: rule.field_path,
    department: rule.department,
    since: rule.since,
    until: rule.until,
    reviewer_ids: rule.reviewer_ids,
    weekly_goal: rule.weekly_goal,
    enabled: rule.enabled,
    ...changes,
  };
}

const formatDay = (day: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** One line saying what a rule picks: "3 per representative at random · Prompt: Sales call · From 1 Mar 2026". */
export function describeRule(
  rule: SamplingRule,
  promptName: (id: number) => string,
  t: TFunction,
  language: string,
): string {
  const n = (value: number) => formatNumber(value, language);
  const parts: string[] = [];
  if (rule.kind === 'random')
    parts.push(t('reviewQueue.describe.random', { formatted: n(rule.per_representative ?? 0) }));
  else if (rule.kind === 'score_below')
    parts.push(t('reviewQueue.describe.score_below', { score: n(rule.score_below ?? 0) }));
  else if (rule.kind === 'unsure' && rule.field_path)
    parts.push(t('reviewQueue.describe.unsureField', { field: fieldPathLabel(rule.field_path) }));
  else parts.push(t(`reviewQueue.describe.${rule.kind}`));
  if (rule.prompt_id !== null)
    parts.push(t('reviewQueue.describe.prompt', { name: promptName(rule.prompt_id) }));
  if (rule.department) parts.push(t('reviewQueue.describe.department', { department: rule.department }));
  if (rule.since && rule.until)
    parts.push(
      t('reviewQueue.describe.between', {
        since: formatDay(rule.since, language),
        until: formatDay(rule.until, language),
      }),
    );
  else if (rule.since)
    parts.push(t('reviewQueue.describe.since', { since: formatDay(rule.since, language) }));
  else if (rule.until)
    parts.push(t('reviewQueue.describe.until', { until: formatDay(rule.until, language) }));
  return parts.join(' · ');
}
