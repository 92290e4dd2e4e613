import { type SpeakerRole, type SpeakerRoles, speakerLabels } from '@parley/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { saveSpeakerRoles } from '../tasks/commands.ts';
import { speakerRolesWithMetrics } from '../tasks/speaker-roles.ts';
import { ANALYSIS_TEXTS, requireTask, transcriptSegments } from './detail.ts';

export const SPEAKER_ROLE_TEXTS = {
  noSpeakers: 'This conversation has no transcript with speakers yet, so there is nobody to give a role to.',
  unknownSpeaker: '"{label}" is not one of the speakers of this conversation.',
} as const;

/**
 * A reviewer decides who each speaker is: the metrics per role follow, and the analytics rows with them in
 * the same transaction. Roles a reviewer set are the task's from then on (a retried analysis keeps them);
 * there is nothing left for the model to check them against.
 */
export async function setSpeakerRoles(
  ctx: AppContext,
  access: ProjectAccess,
  taskId: number,
  roles: Record<string, SpeakerRole>,
): Promise<SpeakerRoles> {
  const { task, media } = await requireTask(ctx, access, taskId);
  const segments = transcriptSegments(task.transcript) ?? [];
  const labels = speakerLabels(segments);
  if (labels.length === 0) throw conflict(SPEAKER_ROLE_TEXTS.noSpeakers, 'no_speakers');
  const unknown = Object.keys(roles).find((label) => !labels.includes(label));
  if (unknown !== undefined) {
    throw badRequest(SPEAKER_ROLE_TEXTS.unknownSpeaker.replace('{label}', unknown), 'unknown_speaker');
  }
  const speakerRoles = speakerRolesWithMetrics(segments, roles, { source: 'reviewer', check: null }, media);
  const row = await saveSpeakerRoles(ctx, task.id, speakerRoles);
  if (!row) throw notFound(ANALYSIS_TEXTS.notFound);
  return speakerRoles;
}
