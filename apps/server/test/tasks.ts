import { Readable } from 'node:stream';
import { mediaFiles, tasks } from '../src/db/schema/index.ts';
import { storageOf } from '../src/storage/index.ts';
import type { TestApp } from './harness.ts';
import { META } from './uploads.ts';

/** A field's answer as the model gives it: the value and plain evidence, sure of it. */
export const answered = (value: unknown) => ({
  value,
  justification: 'Said so.',
  quote: '',
  timestamp: null,
  unsure: false,
});
/** A model answer for the prompt of test/uploads.ts createPrompt (Greeting, with Summary and Title). */
export const GREETING_ANSWER = {
  Summary: answered('A greeting.'),
  Title: answered('Hello'),
  Greeting: answered('ok'),
};

/** A task of a text conversation (rows only, not queued), its file stored in the app's storage. */
export async function insertTextTask(
  t: TestApp,
  projectId: number,
  promptId: number | null,
  text: string,
): Promise<number> {
  const stored = await storageOf(t.ctx.config).put(Readable.from([Buffer.from(text)]), {
    prefix: `projects/${projectId}`,
    extension: '.txt',
  });
  const [media] = await t.ctx.db
    .insert(mediaFiles)
    .values({
      projectId,
      storageKey: stored.key,
      fileName: 'chat.txt',
      contentType: 'text/plain',
      sizeBytes: stored.size,
      sha256: stored.sha256,
      kind: 'text',
    })
    .returning();
  const [task] = await t.ctx.db
    .insert(tasks)
    .values({ projectId, mediaId: media!.id, promptId, metadata: META })
    .returning();
  return task!.id;
}

/** Reads until `done` holds, every 100 ms; throws with the last value after `timeoutMs`. */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Still waiting after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
