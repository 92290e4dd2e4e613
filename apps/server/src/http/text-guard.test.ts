import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analysisRoutes, batchRoutes, blacklistRoutes, projectRoutes, uploadRoutes } from '@parley/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../test/client.ts';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPrompt, fund, multipart, wavBytes } from '../../test/uploads.ts';

const NUL = 'a\u0000b';

let t: TestApp;
let dataDir: string;
/** The first account: super admin, and owner of the project, so the probes reach every handler. */
let owner: Client;
let projectId: number;
let promptId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-text-'));
  t = await startTestApp({}, { DATA_DIR: dataDir });
  owner = await signUp(t.app);
  projectId = await createProject(owner, 'Text guard');
  await fund(t, projectId);
  promptId = await createPrompt(owner, projectId, 'QA');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
}

interface Operation {
  parameters?: Array<{ in: 'path' | 'query'; name: string; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const typeOf = (schema: JsonSchema | undefined) =>
  [schema?.type ?? []].flat().find((type) => type !== 'null') ?? schema?.anyOf?.[0]?.type;

/** A value fitting the schema whose every string is `text`. */
function sample(schema: JsonSchema, text: string): unknown {
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sample(variant, text);
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [name, sample(property, text)]),
      );
    case 'array':
      return schema.items ? [sample(schema.items, text)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return text;
  }
}

interface Probe {
  what: string;
  options: InjectOptions;
}

/** Requests to every documented API route with the text in its query, in its text path parameters, in its JSON body. */
function probesOf(paths: Record<string, Record<string, Operation>>, text: string): Probe[] {
  const probes: Probe[] = [];
  for (const [route, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const url = (textParams: boolean) =>
        route.replace(/\{(\w+)\}/g, (_match, name: string) => {
          const schema = parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
          if (typeOf(schema) !== 'string') return name === 'id' ? String(projectId) : '1';
          return encodeURIComponent(textParams ? text : 'probe');
        });
      const base = { method: method.toUpperCase() as InjectOptions['method'] };
      const query: Record<string, string> = { probe: text };
      for (const p of parameters) if (p.in === 'query' && typeOf(p.schema) === 'string') query[p.name] = text;
      probes.push({ what: `${base.method} ${route} query`, options: { ...base, url: url(false), query } });
      if (parameters.some((p) => p.in === 'path' && typeOf(p.schema) === 'string')) {
        probes.push({ what: `${base.method} ${route} path`, options: { ...base, url: url(true) } });
      }
      const schema = operation.requestBody?.content['application/json']?.schema;
      const payload = schema && (sample(schema, text) as object);
      // Bodies of numbers and choices only have no text to carry. A phone system's call event is read only once
      // its receiver is known and its signature holds (an unknown address answers 404 first): the hostile-inputs
      // test sends it text of this kind through a receiver it sets up.
      const signedBody = route === '/api/receivers/{key}';
      if (!signedBody && payload && JSON.stringify(payload).includes(JSON.stringify(text).slice(1, -1))) {
        probes.push({ what: `${base.method} ${route} body`, options: { ...base, url: url(false), payload } });
      }
    }
  }
  // Requests that end the session or delete things go last, so the others run signed in on the project.
  const last = (probe: Probe) => probe.options.method === 'DELETE' || probe.what.includes('/auth/logout');
  return [...probes.filter((probe) => !last(probe)), ...probes.filter(last)];
}

/** The answer, or a 504 stand-in when none comes (an event stream that opened instead of refusing). */
async function send(options: InjectOptions): Promise<Pick<LightMyRequestResponse, 'statusCode' | 'body'>> {
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<{ statusCode: number; body: string }>((resolve) => {
    timer = setTimeout(() => resolve({ statusCode: 504, body: 'no answer' }), 5000);
  });
  try {
    return await Promise.race([owner.request(options), silent]);
  } finally {
    clearTimeout(timer);
  }
}

async function refusals(probes: Probe[]) {
  const wrong: string[] = [];
  for (const probe of probes) {
    const response = await send(probe.options);
    if (response.statusCode !== 400 || !response.body.includes('"code":"invalid_text"')) {
      wrong.push(`${probe.what}: ${response.statusCode} ${response.body.slice(0, 100)}`);
    }
  }
  return wrong;
}

describe('text with a NUL character', () => {
  it('is refused with 400 invalid_text on every route, in query, path and JSON body', async () => {
    const probes = probesOf(
      (t.app.swagger() as { paths: Record<string, Record<string, Operation>> }).paths,
      NUL,
    );
    expect(probes.length).toBeGreaterThan(100);
    expect(await refusals(probes)).toEqual([]);
  });

  it('is refused with a message for a person and the field apart', async () => {
    const response = await owner.call(projectRoutes.create, { body: { name: NUL } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'invalid_text',
      message: 'The text contains the NUL character (U+0000), which cannot be saved.',
      field: 'name',
    });
    const search = await owner.call(analysisRoutes.list, {
      params: { id: projectId },
      query: { q: 'a\u0000b' },
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().error).toMatchObject({ field: 'q', message: expect.not.stringContaining('q:') });
  });

  it('is refused in multipart fields and files with a 400, never a 500', async () => {
    const forms = [
      prepare(uploadRoutes.file, {
        params: { id: projectId },
        form: multipart([
          { name: 'prompt_id', value: String(promptId) },
          { name: 'metadata', value: JSON.stringify({ Department: NUL, Representative: 'Rep' }) },
          { name: 'file', filename: 'call.wav', contentType: 'audio/wav', data: wavBytes(0.2, 321) },
        ]),
      }),
      prepare(batchRoutes.create, {
        params: { id: projectId },
        form: multipart([
          { name: 'prompt_id', value: String(promptId) },
          {
            name: 'file',
            filename: 'calls.csv',
            data: Buffer.from(`url,type\nhttps://example.com/${NUL}.mp3,call\n`),
          },
        ]),
      }),
      prepare(blacklistRoutes.import, {
        form: multipart([
          { name: 'project_id', value: String(projectId) },
          { name: 'file', filename: 'numbers.csv', data: Buffer.from(`phone,note\n+14155550100,${NUL}\n`) },
        ]),
      }),
    ];
    for (const form of forms) {
      const response = await form.by(owner);
      expect(response.statusCode, `${form.url}: ${response.body}`).toBe(400);
    }
  });
});

describe('text with an unpaired surrogate', () => {
  it('is refused with 400 invalid_text', async () => {
    const response = await owner.call(projectRoutes.create, {
      unchecked: true,
      body: '{"name":"a\\ud800b"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_text');
  });
});
