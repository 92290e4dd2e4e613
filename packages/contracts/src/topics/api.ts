import { z } from 'zod';
import { Day, Id } from '../inputs.ts';
import { PROVIDERS } from '../prompts/models.ts';

// Topics (issue 38 part 3): what customers called about in a period, grouped from the analyses' summaries
// without a model call per conversation (topics/cluster on the server), named and merged by one model call,
// with counts, the trend against the period before, examples and a suggested keyword tracker per topic.

export const TOPICS = {
  /** Longest period one run covers, in days. */
  periodDaysMax: 366,
  /** The period a run started without dates covers: this many days up to today (UTC). */
  defaultPeriodDays: 30,
  /** Fewest conversations a run needs in its period. */
  conversationsMin: 5,
  /** Phrases a suggested tracker has at most. */
  phrasesMax: 8,
  /** Examples kept per topic (each reader sees those of them they may see). */
  examplesKept: 10,
  /** A run costs this many units times its model's units (twice an insight: one call with all the clusters). */
  baseUnits: 10,
} as const;

export const TOPIC_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type TopicRunStatus = (typeof TOPIC_RUN_STATUSES)[number];
/** Where a running run is: gathering and grouping the summaries, then waiting for the model's names. */
export const TOPIC_RUN_STAGES = ['queued', 'grouping', 'naming', 'done'] as const;
export type TopicRunStage = (typeof TOPIC_RUN_STAGES)[number];
/** Who started a run: a person (on demand), or the monthly schedule. */
export const TOPIC_RUN_TRIGGERS = ['manual', 'monthly'] as const;
export type TopicRunTrigger = (typeof TOPIC_RUN_TRIGGERS)[number];

export const TopicRunParams = z.object({ id: Id, runId: Id });

/** The period of a run: both days or neither (the last TOPICS.defaultPeriodDays days). */
export const TopicPeriodRequest = z
  .object({ start_date: Day.optional(), end_date: Day.optional() })
  .refine((period) => (period.start_date === undefined) === (period.end_date === undefined), {
    message: 'Give both start_date and end_date, or neither.',
    path: ['end_date'],
  });
export type TopicPeriodRequest = z.output<typeof TopicPeriodRequest>;

export const TopicEstimate = z.object({
  start_date: z.string(),
  end_date: z.string(),
  previous_start_date: z.string(),
  previous_end_date: z.string(),
  /** Analysed conversations in the period and in the period before it (what the run would group). */
  conversations: z.number().int(),
  previous_conversations: z.number().int(),
  provider: z.enum(PROVIDERS),
  model: z.string(),
  /** The price of the run in milli-units, held when it starts and charged once it completes. */
  units_milli: z.number().int(),
  /** Whether the project's bundles and balance cover it beside the work in progress. */
  affordable: z.boolean(),
});
export type TopicEstimate = z.output<typeof TopicEstimate>;
export const TopicEstimateResponse = z.object({ data: TopicEstimate });

export const TopicRun = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  trigger: z.enum(TOPIC_RUN_TRIGGERS),
  status: z.enum(TOPIC_RUN_STATUSES),
  stage: z.enum(TOPIC_RUN_STAGES),
  start_date: z.string(),
  end_date: z.string(),
  previous_start_date: z.string(),
  previous_end_date: z.string(),
  conversations: z.number().int().nullable(),
  previous_conversations: z.number().int().nullable(),
  provider: z.enum(PROVIDERS),
  model: z.string(),
  units_milli: z.number().int(),
  charged: z.boolean(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  requested_by_name: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type TopicRun = z.output<typeof TopicRun>;

export const TopicExample = z.object({
  analysis_id: z.number().int(),
  title: z.string().nullable(),
  conversation_at: z.string(),
});
export type TopicExample = z.output<typeof TopicExample>;

export const Topic = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Conversations of the period in this topic, and of the period before it. */
  count: z.number().int(),
  previous_count: z.number().int(),
  /** Change against the period before in percent (null: none before). */
  change_percent: z.number().nullable(),
  /** Among the topics that grew most (topics/trend.ts). */
  emerging: z.boolean(),
  /** Keyword phrases for a tracker of this topic, in the conversations' language. */
  phrases: z.array(z.string()),
  /** The words (stems) that set the topic apart. */
  terms: z.array(z.string()),
  /** Conversations of the period typical of the topic that the reader may see. */
  examples: z.array(TopicExample),
});
export type Topic = z.output<typeof Topic>;

export const TopicRunDetail = TopicRun.extend({ topics: z.array(Topic) });
export type TopicRunDetail = z.output<typeof TopicRunDetail>;

export const TopicRunResponse = z.object({ data: TopicRun });
export const TopicRunDetailResponse = z.object({ data: TopicRunDetail });
export const TopicRunListResponse = z.object({
  data: z.array(TopicRun),
  /** Whether the project runs topics every month (for the previous calendar month). */
  monthly: z.boolean(),
});

export const TopicSettingsRequest = z.object({ monthly: z.boolean() });
export const TopicSettingsResponse = z.object({ data: z.object({ monthly: z.boolean() }) });

/** The model's answer: topics made of the numbered clusters it was shown. */
export const TopicModelAnswer = z.object({
  topics: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      /** The numbers of the clusters this topic merges. */
      clusters: z.array(z.number().int()),
      phrases: z.array(z.string()),
    }),
  ),
});
export type TopicModelAnswer = z.output<typeof TopicModelAnswer>;

export const TOPIC_TEXTS = {
  insufficientFunds: 'Insufficient funds: this topic run costs {units} units, more than the project can pay.',
  running: 'A topic run of this project is queued or running: start the next one when it has finished.',
  tooFew: 'Too few analysed conversations in this period to group into topics (at least {min}).',
  periodTooLong: 'A topic run covers at most {days} days.',
  startAfterEnd: 'The start date is after the end date.',
  notFound: 'Topic run not found.',
} as const;
