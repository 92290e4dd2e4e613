import { redactSegments } from './conversation.ts';

/** Runs in a worker thread of redact-off-loop.ts: a conversation's redaction. */
export default function redact(input: Parameters<typeof redactSegments>) {
  return redactSegments(...input);
}
