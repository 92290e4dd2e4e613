import { apiKeyRoutes, uploadRoutes } from '@parley/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { caller } from './client.ts';
import type { Client, TestApp } from './harness.ts';
import { multipart, wavBytes } from './uploads.ts';

/** A client that authenticates with `Authorization: Bearer <key>` (and optionally a session cookie too). */
export interface KeyClient {
  key: string;
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Calls a route of the route table (test/client.ts) with the key. */
  call: ReturnType<typeof caller>;
}

export function keyClient(app: FastifyInstance, key: string): KeyClient {
  return {
    key,
    request: (options) =>
      app.inject({ ...options, headers: { ...(options.headers ?? {}), authorization: `Bearer ${key}` } }),
    call: caller(app, { apiKey: key }),
  };
}

/** Creates an API key through the API (the client must be admin or owner) and returns its secret and id. */
export async function createKey(
  client: Client,
  projectId: number,
  type: 'full' | 'media' = 'full',
  name = `${type} key`,
): Promise<{ id: number; key: string }> {
  const response = await client.call(apiKeyRoutes.create, {
    params: { id: projectId },
    body: { name, type },
  });
  if (response.statusCode !== 201)
    throw new Error(`create key failed: ${response.statusCode} ${response.body}`);
  const data = response.json().data;
  return { id: data.id, key: data.api_key };
}

let tone = 200;

/** Uploads a short, unique WAV with this metadata and answers the new task id. */
export async function uploadCall(
  client: Pick<Client, 'call'>,
  projectId: number,
  promptId: number,
  metadata: Record<string, string>,
): Promise<number> {
  tone += 7;
  const response = await client.call(uploadRoutes.file, {
    params: { id: projectId },
    form: multipart([
      { name: 'prompt_id', value: String(promptId) },
      { name: 'metadata', value: JSON.stringify(metadata) },
      { name: 'file', filename: `call-${tone}.wav`, contentType: 'audio/wav', data: wavBytes(0.2, tone) },
    ]),
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().data.task_id;
}

/** Every captured log line as text, for scanning for secrets. */
export function logText(t: TestApp): string {
  return t.logs.map((line) => JSON.stringify(line)).join('\n');
}
