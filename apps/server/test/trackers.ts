import {
  type AnalysisTrackerHit,
  type SpeakerRole,
  type SpeakerRoles,
  type Tracker,
  type TrackerCreateRequest,
  trackerRoutes,
  transcriptToText,
} from '@parley/contracts';
import { expect } from 'vitest';
import { mediaFiles, tasks } from '../src/db/schema/index.ts';
import { completeTask } from '../src/modules/tasks/state.ts';
import type { Client, TestApp } from './harness.ts';

/** A conversation as the pipeline stores it: its pieces, who each speaker is, its people and time. */
export interface Conversation {
  segments: Array<{ start?: number | null; end?: number | null; speaker?: string | null; text: string }>;
  roles?: Record<string, SpeakerRole>;
  representative?: string;
  department?: string;
  /** When it took place (ISO); now by default. */
  at?: string;
  /** A chat (its messages may have no times) or a call. */
  kind?: 'audio' | 'text';
}

/** A call of two speakers: the representative's line, then the customer's, with the conversation's facts. */
export const said = (
  customer: string,
  extra: Partial<Conversation>,
  representative = 'Good morning, how can I help?',
): Conversation => ({
  segments: [
    { start: 0, end: 5, speaker: 'A', text: representative },
    { start: 5, end: 12, speaker: 'B', text: customer },
  ],
  roles: { A: 'representative', B: 'customer' },
  ...extra,
});

let files = 0;

/** An analysis that runs and then completes through tasks/state.ts completeTask, as the pipeline ends one. */
export async function completedAnalysis(t: TestApp, projectId: number, conversation: Conversation) {
  files += 1;
  const [media] = await t.ctx.db
    .insert(mediaFiles)
    .values({
      projectId,
      storageKey: `test/tracker-${files}`,
      fileName: conversation.kind === 'text' ? 'chat.txt' : 'call.wav',
      contentType: conversation.kind === 'text' ? 'text/plain' : 'audio/wav',
      sizeBytes: 1,
      sha256: `tracker-${files}-${Math.random()}`,
      kind: conversation.kind ?? 'audio',
    })
    .returning({ id: mediaFiles.id });
  const segments = conversation.segments.map((segment) => ({
    start: segment.start ?? null,
    end: segment.end ?? segment.start ?? null,
    speaker: segment.speaker ?? null,
    text: segment.text,
  }));
  const speakerRoles: SpeakerRoles | null = conversation.roles
    ? { roles: conversation.roles, source: 'model', check: null, metrics: {} }
    : null;
  const at = new Date(conversation.at ?? Date.now());
  const [task] = await t.ctx.db
    .insert(tasks)
    .values({
      projectId,
      mediaId: media!.id,
      status: 'processing',
      representative: conversation.representative ?? null,
      department: conversation.department ?? null,
      transcript: segments,
      transcriptText: transcriptToText(segments),
      speakerRoles,
      conversationAt: at,
      createdAt: at,
    })
    .returning({ id: tasks.id });
  await completeTask(t.ctx, task!.id, 0);
  return task!.id;
}

export async function createTracker(
  client: Pick<Client, 'call'>,
  projectId: number,
  body: TrackerCreateRequest,
): Promise<Tracker> {
  const response = await client.call(trackerRoutes.create, { params: { id: projectId }, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** The trackers an analysis hit, as the analysis page reads them. */
export async function hitsOf(
  client: Pick<Client, 'call'>,
  projectId: number,
  taskId: number,
): Promise<AnalysisTrackerHit[]> {
  const response = await client.call(trackerRoutes.analysisHits, { params: { id: projectId, taskId } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
