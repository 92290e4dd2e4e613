import { z } from 'zod';
import { chatMetrics, conversationMetrics, longestRun, speakerRuns } from './metrics.ts';
import type { ConversationSegment } from './transcript.ts';

/**
 * Who each speaker of a conversation is: the company's representative, the customer, or someone else (an
 * IVR, voicemail, a second agent). Stereo calls take them from the channels (the project's
 * representative channel) and the analysis model checks that against the content; mono recordings and chats
 * take them from the analysis model (its structured answer names each speaker's role, the Representative
 * metadata as a hint); a reviewer can change them on the analysis, and the metrics per role follow.
 */
export const SPEAKER_ROLES = ['representative', 'customer', 'other'] as const;
export type SpeakerRole = (typeof SPEAKER_ROLES)[number];

/** Which stereo channel carries the representative (Channel 1 is the left one). */
export const REPRESENTATIVE_CHANNELS = ['left', 'right'] as const;
export type RepresentativeChannel = (typeof REPRESENTATIVE_CHANNELS)[number];
export const DEFAULT_REPRESENTATIVE_CHANNEL: RepresentativeChannel = 'left';

/** The speaker labels of the two channels of a stereo recording (the pipeline transcribes each alone). */
export const CHANNEL_SPEAKERS = ['Channel 1', 'Channel 2'] as const;

/** Where the roles came from. */
export const ROLE_SOURCES = ['channel', 'model', 'reviewer'] as const;
export type RoleSource = (typeof ROLE_SOURCES)[number];

/**
 * The metrics per role. Calls: talk share (% of talk time), the longest customer story and representative
 * monologue (seconds), questions, interruptions each side made, talk speed (words a minute). Chats: share of
 * the words, questions, median response time. A metric that does not apply, or a role nobody has, is null.
 */
export const ROLE_METRIC_KEYS = [
  'representative_share',
  'customer_share',
  'representative_longest_monologue',
  'customer_longest_story',
  'representative_questions',
  'customer_questions',
  'representative_interruptions',
  'customer_interruptions',
  'representative_words_per_minute',
  'customer_words_per_minute',
  'representative_response_seconds',
  'customer_response_seconds',
] as const;
export type RoleMetricKey = (typeof ROLE_METRIC_KEYS)[number];

export const RoleMetrics = z.partialRecord(z.enum(ROLE_METRIC_KEYS), z.number().nullable());
export type RoleMetrics = Partial<Record<RoleMetricKey, number | null>>;

/**
 * How analytics keeps each metric: a number field under the group ROLE_METRICS_GROUP (its dotted path is
 * 'Conversation metrics.Representative talk share (%)'), whole numbers as int. Only metrics with a value are
 * kept, so averages are over the conversations that have one.
 */
export const ROLE_METRICS_GROUP = 'Conversation metrics';
export const ROLE_METRIC_FIELDS: Record<RoleMetricKey, { label: string; type: 'int' | 'float' }> = {
  representative_share: { label: 'Representative talk share (%)', type: 'float' },
  customer_share: { label: 'Customer talk share (%)', type: 'float' },
  representative_longest_monologue: { label: 'Longest representative monologue (s)', type: 'float' },
  customer_longest_story: { label: 'Longest customer story (s)', type: 'float' },
  representative_questions: { label: 'Representative questions', type: 'int' },
  customer_questions: { label: 'Customer questions', type: 'int' },
  representative_interruptions: { label: 'Representative interruptions', type: 'int' },
  customer_interruptions: { label: 'Customer interruptions', type: 'int' },
  representative_words_per_minute: { label: 'Representative talk speed (wpm)', type: 'float' },
  customer_words_per_minute: { label: 'Customer talk speed (wpm)', type: 'float' },
  representative_response_seconds: { label: 'Representative response time (s)', type: 'float' },
  customer_response_seconds: { label: 'Customer response time (s)', type: 'float' },
};

export const roleMetricPath = (key: RoleMetricKey) =>
  `${ROLE_METRICS_GROUP}.${ROLE_METRIC_FIELDS[key].label}`;

/** Whether an analytics path is one of the conversation metrics (roleMetricPath). */
export const isRoleMetricPath = (path: string) => path.startsWith(`${ROLE_METRICS_GROUP}.`);

/** A conversation metric's own name: its path (roleMetricPath) without the group. */
export const roleMetricName = (path: string) => path.slice(ROLE_METRICS_GROUP.length + 1);

export const SpeakerRoles = z.object({
  /** Speaker label (as in the transcript) → role. A speaker without an entry has no known role. */
  roles: z.record(z.string(), z.enum(SPEAKER_ROLES)),
  source: z.enum(ROLE_SOURCES),
  /**
   * Stereo only: whether the analysis model, reading the content, agrees with the channels ('disagrees':
   * the representative seems to be on the other channel); null when it was not asked or did not say.
   */
  check: z.enum(['agrees', 'disagrees']).nullable(),
  metrics: RoleMetrics,
});
export type SpeakerRoles = z.infer<typeof SpeakerRoles>;

/** What a reviewer sends: every speaker's role (speakers left out lose theirs). */
export const SpeakerRolesUpdate = z.object({
  roles: z
    .record(z.string().min(1).max(200), z.enum(SPEAKER_ROLES))
    .refine((roles) => Object.keys(roles).length <= 50, 'Too many speakers.'),
});
export const SpeakerRolesResponse = z.object({ data: SpeakerRoles });

/** The analysis model's answer about the speakers (part of its structured output). */
export const SPEAKER_ROLES_KEY = 'speaker_roles';
export const SpeakerRolesAnswer = z
  .array(z.object({ speaker: z.string(), role: z.enum(SPEAKER_ROLES) }))
  .describe(
    "Each speaker label of the transcript and who they are: representative (the company's agent; the Representative detail names them when given), customer, or other (an IVR or recorded message, voicemail, a second agent).",
  );

/** Distinct speaker labels of a conversation, in order of first appearance. */
export function speakerLabels(segments: ReadonlyArray<Pick<ConversationSegment, 'speaker'>>): string[] {
  return [...new Set(segments.flatMap((segment) => (segment.speaker ? [segment.speaker] : [])))];
}

/** The roles of a stereo call from the project's representative channel. */
export function channelRoles(channel: RepresentativeChannel): Record<string, SpeakerRole> {
  const [left, right] = CHANNEL_SPEAKERS;
  return channel === 'left'
    ? { [left]: 'representative', [right]: 'customer' }
    : { [left]: 'customer', [right]: 'representative' };
}

/** A speaker label as the model's answer is matched to it: any case, a redacted author's brackets optional. */
const labelKey = (label: string) =>
  label
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');

/** The model's answer kept to the conversation's own speakers (the last word on a speaker wins). */
export function rolesFromAnswer(answer: unknown, labels: readonly string[]): Record<string, SpeakerRole> {
  const parsed = SpeakerRolesAnswer.safeParse(answer);
  if (!parsed.success) return {};
  const roles: Record<string, SpeakerRole> = {};
  for (const { speaker, role } of parsed.data) {
    const label = labels.find((candidate) => labelKey(candidate) === labelKey(speaker));
    if (label) roles[label] = role;
  }
  return roles;
}

/**
 * Whether the model's reading of a stereo call agrees with its channel roles: null when it named no
 * representative on either channel.
 */
export function channelCheck(
  channel: Record<string, SpeakerRole>,
  model: Record<string, SpeakerRole>,
): 'agrees' | 'disagrees' | null {
  const named = CHANNEL_SPEAKERS.filter((label) => model[label] === 'representative');
  if (named.length !== 1) return null;
  return channel[named[0]!] === 'representative' ? 'agrees' : 'disagrees';
}

/** Representative ↔ customer; other stays. */
export function swapRoles(roles: Record<string, SpeakerRole>): Record<string, SpeakerRole> {
  const swapped = { representative: 'customer', customer: 'representative', other: 'other' } as const;
  return Object.fromEntries(Object.entries(roles).map(([label, role]) => [label, swapped[role]]));
}

const byRole = (segments: readonly ConversationSegment[], roles: Record<string, SpeakerRole>) =>
  segments.map((segment) => ({
    ...segment,
    speaker:
      segment.speaker && roles[segment.speaker] ? roles[segment.speaker]! : `~${segment.speaker ?? ''}`,
  }));

const percent = (share: number | undefined) => (share === undefined ? null : Math.round(share * 1000) / 10);

/**
 * The metrics per role of a recording (`kind` 'call') or a chat. Speakers sharing a role count as one (a
 * representative the diarization split in two is still one representative); speakers without a role count in
 * the totals only.
 */
export function roleMetrics(
  segments: readonly ConversationSegment[],
  roles: Record<string, SpeakerRole>,
  kind: 'call' | 'chat',
  durationSeconds?: number | null,
): RoleMetrics {
  const relabelled = byRole(segments, roles);
  if (kind === 'chat') {
    const chat = chatMetrics(relabelled);
    const of = (role: SpeakerRole) => chat.speakers.find((speaker) => speaker.speaker === role);
    const rep = of('representative');
    const customer = of('customer');
    return {
      representative_share: percent(rep?.wordShare),
      customer_share: percent(customer?.wordShare),
      representative_questions: rep?.questions ?? null,
      customer_questions: customer?.questions ?? null,
      representative_response_seconds: rep?.responseSeconds ?? null,
      customer_response_seconds: customer?.responseSeconds ?? null,
    };
  }
  const call = conversationMetrics(relabelled, durationSeconds);
  const of = (role: SpeakerRole) => call.speakers.find((speaker) => speaker.speaker === role);
  const runs = speakerRuns(relabelled);
  const longest = (role: SpeakerRole) => {
    if (!of(role)) return null;
    const run = longestRun(runs.filter((candidate) => candidate.speaker === role));
    return run ? Math.round(run.seconds * 100) / 100 : null;
  };
  const rep = of('representative');
  const customer = of('customer');
  return {
    representative_share: percent(rep?.talkRatio),
    customer_share: percent(customer?.talkRatio),
    representative_longest_monologue: longest('representative'),
    customer_longest_story: longest('customer'),
    representative_questions: rep?.questions ?? null,
    customer_questions: customer?.questions ?? null,
    representative_interruptions: rep?.interruptions ?? null,
    customer_interruptions: customer?.interruptions ?? null,
    representative_words_per_minute: rep?.wordsPerMinute ?? null,
    customer_words_per_minute: customer?.wordsPerMinute ?? null,
  };
}

/** How a transcript names the roles: the representative's name (else a word for it) and the customer. */
export interface RoleNames {
  representative: string;
  customer: string;
}

/** The name a transcript shows for a speaker: by role, or the label as transcribed for others and unknowns. */
export function speakerName(
  label: string | null,
  roles: Record<string, SpeakerRole> | null | undefined,
  names: RoleNames,
): string | null {
  const role = label ? roles?.[label] : undefined;
  if (role === 'representative') return names.representative;
  if (role === 'customer') return names.customer;
  return label;
}
