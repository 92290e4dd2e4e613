import { randomBytes } from 'node:crypto';
import { batchRoutes, promptRoutes } from '@parley/contracts';
import type { InjectOptions } from 'fastify';
import { unitBundles } from '../src/db/schema/index.ts';
import type { Client, TestApp } from './harness.ts';

/** A real PCM WAV file: 16-bit mono sine at `hz`. */
export function wavBytes(seconds = 0.25, hz = 440, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 12_000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType?: string; data: Buffer };

/** A multipart/form-data body with the parts in the given order. */
export function multipart(parts: Part[]): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = `----parley${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(part.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Gives the project units (a bundle), so that uploads pass the balance check. */
export async function fund(t: TestApp, projectId: number, milli = 1_000_000): Promise<void> {
  await t.ctx.db.insert(unitBundles).values({
    projectId,
    planName: 'Test',
    includedMilli: milli,
    leftMilli: milli,
    isFree: true,
    expiresAt: null,
  });
}

/** A prompt of the project (created by an admin or owner); by default it requires Department and Representative. */
export async function createPrompt(
  client: Client,
  projectId: number,
  name = `Prompt ${randomBytes(3).toString('hex')}`,
  metadataFields?: string[],
): Promise<number> {
  const response = await client.call(promptRoutes.create, {
    params: { id: projectId },
    body: {
      scriptName: name,
      content: [{ key: 'Greeting', type: 'ok', explanation: '', includeInScore: true }],
      ...(metadataFields ? { metadataFields } : {}),
    },
  });
  if (response.statusCode !== 201) throw new Error(`create prompt failed: ${response.body}`);
  return response.json().data.id;
}

export const META = { Department: 'Sales', Representative: 'Ann' };

/**
 * A bulk upload (CSV) of one row per link, of `type`, by Ann of Sales (the metadata createPrompt's prompts
 * require), analysed with `promptId`: the batch's id (it fails unless the upload is accepted).
 */
export async function uploadBatch(
  client: Client,
  projectId: number,
  promptId: number,
  links: string[],
  type: 'call' | 'chat' = 'call',
): Promise<number> {
  const csv = ['url,type,representative,department', ...links.map((url) => `${url},${type},Ann,Sales`)];
  const response = await client.call(batchRoutes.create, {
    params: { id: projectId },
    form: multipart([
      { name: 'prompt_id', value: String(promptId) },
      { name: 'file', filename: 'calls.csv', contentType: 'text/csv', data: Buffer.from(csv.join('\n')) },
    ]),
  });
  if (response.statusCode !== 201)
    throw new Error(`Upload refused (${response.statusCode}): ${response.body}`);
  return response.json().data.batch_id;
}
