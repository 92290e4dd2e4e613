import {
  CHANNEL_SPEAKERS,
  type ConversationSegment,
  channelCheck,
  channelRoles,
  readTranscript,
  rolesFromAnswer,
  SpeakerRoles,
  speakerLabels,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { projects } from '../../db/schema/index.ts';
import { speakerRolesWithMetrics } from '../tasks/speaker-roles.ts';
import { isAudio, type TaskRun } from './task-run.ts';

/** The conversation's turns: a recording's transcript or a chat's messages (none before either). */
export const conversationSegments = (run: Pick<TaskRun, 'task'>): ConversationSegment[] =>
  readTranscript(run.task.transcript) ?? [];

const CHANNEL_LABELS: ReadonlySet<string> = new Set(CHANNEL_SPEAKERS);
const isChannel = (label: string) => CHANNEL_LABELS.has(label);

/**
 * Who each speaker is, once the analysis has answered (`answer`: its word on the roles). A stereo call
 * takes them from the project's representative channel, the model's answer only checks them; mono
 * recordings and chats take the model's; roles a reviewer set on this task stay. Null without speakers.
 */
export async function rolesAfterAnalysis(run: TaskRun, answer: unknown): Promise<SpeakerRoles | null> {
  const segments = conversationSegments(run);
  const labels = speakerLabels(segments);
  if (labels.length === 0) return null;
  const media = {
    kind: run.media.kind,
    durationMs: run.state.media?.kind === 'audio' ? run.state.media.durationMs : null,
  };
  const reviewed = SpeakerRoles.safeParse(run.task.speakerRoles).data;
  if (reviewed?.source === 'reviewer') {
    return speakerRolesWithMetrics(segments, reviewed.roles, { source: 'reviewer', check: null }, media);
  }
  const model = rolesFromAnswer(answer, labels);
  if (!isAudio(run) || !labels.every(isChannel)) {
    return speakerRolesWithMetrics(segments, model, { source: 'model', check: null }, media);
  }
  const [project] = await run.ctx.db
    .select({ channel: projects.representativeChannel })
    .from(projects)
    .where(eq(projects.id, run.task.projectId));
  const byChannel = Object.fromEntries(
    Object.entries(channelRoles(project?.channel ?? 'left')).filter(([label]) => labels.includes(label)),
  );
  const check = channelCheck(byChannel, model);
  return speakerRolesWithMetrics(segments, byChannel, { source: 'channel', check }, media);
}
