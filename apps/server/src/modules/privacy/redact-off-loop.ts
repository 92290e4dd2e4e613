import type { PrivacySettings } from '@parley/contracts';
import { threadPool } from '../../threads.ts';
import { type RedactedSegments, redactSegments } from './conversation.ts';

type Segment = { text: string; speaker: string | null };
type Conversation = Parameters<typeof redactSegments>[2];

const redactor = threadPool<[Segment[], PrivacySettings, Conversation], RedactedSegments<Segment>>(
  'redaction.worker',
  import.meta.url,
);

/**
 * `redactSegments` in a worker thread. Its cost grows with the conversation (a 20 MB chat export is some
 * 300,000 messages, a minute of CPU): on the event loop it would hold up every other task and request of the
 * process. Nothing to redact costs no thread.
 */
export async function redactSegmentsOffLoop<S extends Segment>(
  segments: S[],
  settings: PrivacySettings,
  conversation: Conversation,
): Promise<RedactedSegments<S>> {
  if (!settings.redaction_enabled) return redactSegments(segments, settings, conversation);
  return (await redactor().run([segments, settings, conversation])) as RedactedSegments<S>;
}
