import { z } from 'zod';
import { AnalysisListItem } from '../analyses/api.ts';
import { FIELD_OUTCOMES } from '../analytics/field-values.ts';
import { Id, NullableId, PG_INTEGER_MAX, wholeNumber } from '../inputs.ts';

// Automation rules (issue 36 part 2): per project, admins and owners (and full API keys). When an event about an
// analysis happens and the analysis matches the rule's conditions, the rule fires: it sends a signed webhook to
// one of the project's endpoints, emails chosen members, or posts to a Slack incoming webhook, and logs the
// firing. The server's module is apps/server/src/modules/automations.

/** The events a rule listens to: each is about one analysis, whose values the conditions test. */
export const AUTOMATION_TRIGGERS = [
  'analysis.completed',
  'analysis.corrected',
  'review.submitted',
  'change_request.created',
] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];

export const AUTOMATION_ACTION_TYPES = ['webhook', 'email', 'slack'] as const;
export type AutomationActionType = (typeof AUTOMATION_ACTION_TYPES)[number];

/** What became of one action of a firing: queued (its job or delivery is under way), sent, or failed. */
export const AUTOMATION_ACTION_STATUSES = ['queued', 'sent', 'failed'] as const;
export type AutomationActionStatus = (typeof AUTOMATION_ACTION_STATUSES)[number];

/** The webhook event a rule's webhook action delivers (to the endpoint it names; no endpoint subscribes). */
export const AUTOMATION_WEBHOOK_EVENT = 'automation.fired';

export const AUTOMATIONS = {
  /** Rules per project. */
  rulesMax: 50,
  nameMax: 120,
  /** Actions of one rule. */
  actionsMax: 5,
  /** Members one email action writes to. */
  recipientsMax: 20,
  urlMax: 2000,
  departmentMax: 200,
  representativeMax: 200,
  fieldPathMax: 1000,
  fieldValueMax: 500,
  /** A Slack post that is not answered 2xx within this failed. */
  slackTimeoutMs: 15_000,
  defaultPageSize: 50,
  pageSizeMax: 100,
} as const;

/**
 * What the analysis must be for the rule to fire; every condition given must hold (null: no condition).
 * `field` tests one field of the rule's prompt (so it needs `prompt_id`): its outcome (yes/no items: passed,
 * missed, na) or its value (options, marks, numbers as text), as the analyses list's field filter does.
 */
export const AutomationConditions = z.object({
  prompt_id: NullableId.default(null),
  department: z.string().trim().max(AUTOMATIONS.departmentMax).nullable().default(null),
  representative: z.string().trim().max(AUTOMATIONS.representativeMax).nullable().default(null),
  /** Final scores strictly below this. */
  score_below: z.number().min(0).max(1_000_000).nullable().default(null),
  /** true: only analyses a knockout answer failed. */
  knocked_out: z.boolean().default(false),
  field: z
    .object({
      path: z.string().trim().min(1).max(AUTOMATIONS.fieldPathMax),
      outcome: z.enum(FIELD_OUTCOMES).nullable().default(null),
      value: z.string().max(AUTOMATIONS.fieldValueMax).nullable().default(null),
    })
    .nullable()
    .default(null),
});
export type AutomationConditions = z.output<typeof AutomationConditions>;

export const AutomationAction = z.discriminatedUnion('type', [
  /** Deliver an `automation.fired` event to one of the project's webhook endpoints (signed, in its log). */
  z.object({ type: z.literal('webhook'), endpoint_id: Id }),
  /** Email these members of the project a short message with a link to the analysis. */
  z.object({
    type: z.literal('email'),
    user_ids: z
      .array(Id)
      .min(1, 'Choose at least one member.')
      .max(AUTOMATIONS.recipientsMax)
      .transform((ids) => [...new Set(ids)]),
  }),
  /** POST `{ "text": … }` to a Slack incoming-webhook URL (https; the SSRF rules of link uploads apply). */
  z.object({
    type: z.literal('slack'),
    url: z.string().trim().min(1, 'Please enter the Slack webhook URL.').max(AUTOMATIONS.urlMax),
  }),
]);
export type AutomationAction = z.output<typeof AutomationAction>;

export const AutomationRuleInput = z.object({
  name: z.string().trim().min(1, 'Please enter a name.').max(AUTOMATIONS.nameMax),
  trigger: z.enum(AUTOMATION_TRIGGERS),
  conditions: AutomationConditions.default(AutomationConditions.parse({})),
  actions: z.array(AutomationAction).min(1, 'Add at least one action.').max(AUTOMATIONS.actionsMax),
  enabled: z.boolean().default(true),
});
export type AutomationRuleInput = z.input<typeof AutomationRuleInput>;

/** The conditions as answered (AutomationConditions' output: the answer is not parsed back through its input). */
const AutomationConditionsAnswer = z.object({
  prompt_id: z.number().int().nullable(),
  department: z.string().nullable(),
  representative: z.string().nullable(),
  score_below: z.number().nullable(),
  knocked_out: z.boolean(),
  field: z
    .object({ path: z.string(), outcome: z.enum(FIELD_OUTCOMES).nullable(), value: z.string().nullable() })
    .nullable(),
});

/** An action as answered (AutomationAction's output). */
const AutomationActionAnswer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('webhook'), endpoint_id: z.number().int() }),
  z.object({ type: z.literal('email'), user_ids: z.array(z.number().int()) }),
  z.object({ type: z.literal('slack'), url: z.string() }),
]);

export const AutomationRule = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  trigger: z.enum(AUTOMATION_TRIGGERS),
  conditions: AutomationConditionsAnswer,
  actions: z.array(AutomationActionAnswer),
  enabled: z.boolean(),
  /** When it last fired, or null. */
  last_fired_at: z.string().nullable(),
  created_by: z.number().int().nullable(),
  updated_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AutomationRule = z.infer<typeof AutomationRule>;

export const AutomationRuleParams = z.object({ id: Id, ruleId: Id });
export const AutomationRuleResponse = z.object({ data: AutomationRule });
export const AutomationRuleListResponse = z.object({ data: z.array(AutomationRule) });

/** One action of a firing: what it did (`detail`: why it failed, or what it reached, e.g. "2 members"). */
export const AutomationFiringAction = z.object({
  type: z.enum(AUTOMATION_ACTION_TYPES),
  status: z.enum(AUTOMATION_ACTION_STATUSES),
  detail: z.string().nullable(),
});

/** A rule fired: the event, the analysis it was about, and each action's outcome. */
export const AutomationFiring = z.object({
  id: z.number().int(),
  rule_id: z.number().int(),
  event_type: z.enum(AUTOMATION_TRIGGERS),
  /** The analysis (null once it was deleted). */
  task_id: z.number().int().nullable(),
  actions: z.array(AutomationFiringAction),
  created_at: z.string(),
});
export type AutomationFiring = z.infer<typeof AutomationFiring>;

export const AutomationFiringListQuery = z.object({
  page: wholeNumber(1, PG_INTEGER_MAX).default(1),
  page_size: wholeNumber(1, AUTOMATIONS.pageSizeMax).default(AUTOMATIONS.defaultPageSize),
});
export const AutomationFiringListResponse = z.object({
  data: z.object({
    items: z.array(AutomationFiring),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});

/** The body of the `automation.fired` webhook event: the rule, the event that fired it and the analysis. */
export const AutomationFiredPayload = z.object({
  rule: z.object({ id: z.number().int(), name: z.string() }),
  event_type: z.enum(AUTOMATION_TRIGGERS),
  analysis: AnalysisListItem,
  /** The analysis page in the web app. */
  analysis_url: z.string(),
});
