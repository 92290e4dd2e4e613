import {
  type ConversationSegment,
  roleMetrics,
  type SpeakerRole,
  type SpeakerRoles,
} from '@parley/contracts';

/**
 * A conversation's roles with their metrics: a recording's by talk time (`durationMs`: its length), a
 * chat's (kind 'text') by words and response times.
 */
export function speakerRolesWithMetrics(
  segments: readonly ConversationSegment[],
  roles: Record<string, SpeakerRole>,
  from: Pick<SpeakerRoles, 'source' | 'check'>,
  media: { kind: string; durationMs: number | null },
): SpeakerRoles {
  const kind = media.kind === 'text' ? 'chat' : 'call';
  const duration = media.durationMs === null ? null : media.durationMs / 1000;
  return { roles, ...from, metrics: roleMetrics(segments, roles, kind, duration) };
}
