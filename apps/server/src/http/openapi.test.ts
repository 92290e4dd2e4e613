import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ALL_ROUTES,
  AUTOMATION_WEBHOOK_EVENT,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
} from '@parley/contracts';
import { Document, Spectral } from '@stoplight/spectral-core';
import owasp from '@stoplight/spectral-owasp-ruleset';
import { Json } from '@stoplight/spectral-parsers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.ts';
import { buildOpenApiDocument } from './openapi-document.ts';

type Operations = Record<
  string,
  Record<string, { operationId?: string; responses?: Record<string, unknown> }>
>;

/** OWASP rules Parley does not follow, and why (the README's API section says the same). */
const NOT_FOLLOWED = new Set([
  // Rate-limit headers on every answer: only sign-in, sign-up and the password routes are limited, per client.
  'owasp:api4:2023-rate-limit',
  // Sign-in, sign-up, sign-out and the password reset are public by their nature.
  'owasp:api2:2023-write-restricted',
  // An invitation's and a sign-in link's token is in the link the email carries.
  'owasp:api2:2023-no-credentials-in-url',
  // Same-origin API: no CORS headers are sent at all.
  'owasp:api8:2023-define-cors-origin',
  // One document for one deployment; no x-internal inventory.
  'owasp:api9:2023-inventory-access',
]);

/** The component schemas an operation's parameters or body refer to, directly or through other components. */
function schemasTakenIn(doc: Record<string, unknown>): Set<string> {
  const components = (doc.components as { schemas: Record<string, unknown> }).schemas;
  const found = new Set<string>();
  const visit = (node: unknown) => {
    for (const [, id] of JSON.stringify(node ?? null).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (found.has(id!)) continue;
      found.add(id!);
      visit(components[id!]);
    }
  };
  for (const item of Object.values(doc.paths as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const operation of Object.values(item)) visit([operation.parameters, operation.requestBody]);
  }
  return found;
}

let document: Record<string, unknown>;
let folder: string;

beforeAll(async () => {
  document = await buildOpenApiDocument({ PUBLIC_URL: 'https://parley.example.org' });
  folder = await mkdtemp(path.join(tmpdir(), 'parley-openapi-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('the OpenAPI document', () => {
  it('passes `redocly lint` (recommended rules, every operation named and its errors documented)', async () => {
    const file = path.join(folder, 'openapi.json');
    await writeFile(file, JSON.stringify(document, null, 1));
    const cli = path.join(REPO_ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const config = path.join(REPO_ROOT, 'redocly.yaml');
    const run = promisify(execFile)(
      process.execPath,
      [cli, 'lint', file, '--config', config, '--format', 'stylish', '--max-problems', '50'],
      {
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
      },
    );
    const outcome = await run.then(
      ({ stdout, stderr }) => ({ ok: true, output: `${stdout}${stderr}` }),
      (error: { stdout?: string; stderr?: string }) => ({
        ok: false,
        output: `${error.stdout}${error.stderr}`,
      }),
    );
    expect(outcome.output).not.toMatch(/\berror\b/);
    expect(outcome.output).not.toMatch(/\bwarning\b/);
    expect(outcome.ok).toBe(true);
  }, 60_000);

  it("passes Spectral's OWASP ruleset on everything it takes in (the rules Parley does not follow named)", async () => {
    const inputSchemas = schemasTakenIn(document);
    const spectral = new Spectral();
    spectral.setRuleset(owasp);
    const results = await spectral.run(new Document(JSON.stringify(document), Json));
    const errors = results
      .filter((result) => result.severity === 0 && !NOT_FOLLOWED.has(String(result.code)))
      // What Parley answers and sends (answers, webhook bodies) is its own: only its inputs are limited.
      .filter((result) => !result.path.includes('responses') && result.path[0] !== 'webhooks')
      .filter((result) => result.path[0] !== 'components' || inputSchemas.has(String(result.path[2])))
      .map((result) => `${result.code} ${result.path.join('.')}`);
    expect(errors).toEqual([]);
  }, 60_000);

  it('names the deployment as its server', () => {
    expect(document.servers).toEqual([{ url: 'https://parley.example.org' }]);
  });

  it('has every route of the route table, under its operationId', () => {
    const paths = document.paths as Operations;
    const operations = new Map<string, string>();
    for (const [url, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (operation.operationId) operations.set(operation.operationId, `${method.toUpperCase()} ${url}`);
      }
    }
    const missing = ALL_ROUTES.filter((route) => !route.hidden)
      .filter((route) => {
        const openApiPath = `/api${route.path.replace(/:(\w+)/g, '{$1}')}`;
        return operations.get(route.operationId) !== `${route.method} ${openApiPath}`;
      })
      .map((route) => `${route.operationId} ${route.method} ${route.path}`);
    expect(missing).toEqual([]);
  });
});

describe('what the document tells API users', () => {
  type Operation = {
    requestBody?: { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> };
    responses: Record<string, { description: string; headers?: Record<string, unknown> }>;
  };
  const operation = (path: string, method: string) =>
    (document.paths as Record<string, Record<string, Operation>>)[path]![method]!;
  const allOperations = () =>
    Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method} ${path}`, op })),
    );

  it('describes every multipart body: its parts, their types and which are required', () => {
    const upload = operation('/api/projects/{id}/uploads', 'post').requestBody!;
    const form = upload.content['multipart/form-data']!.schema as {
      properties: Record<string, { format?: string }>;
      required: string[];
    };
    expect(upload.required).toBe(true);
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(form.properties)).toEqual(
      expect.arrayContaining(['prompt_id', 'priority', 'metadata', 'scheduled_at', 'force']),
    );
    expect(form.required.sort()).toEqual(['file', 'prompt_id']);
    const multipart = allOperations().filter(({ name }) =>
      ALL_ROUTES.find(
        (route) => `${route.method.toLowerCase()} /api${route.path.replace(/:(\w+)/g, '{$1}')}` === name,
      )?.consumes?.includes('multipart/form-data'),
    );
    expect(multipart.length).toBeGreaterThanOrEqual(4);
    for (const { name, op } of multipart) {
      expect(op.requestBody?.content['multipart/form-data']?.schema, name).toMatchObject({ type: 'object' });
    }
  });

  it("describes the receivers' public address with the generic call event, though the server reads its bytes", () => {
    const receive = operation('/api/receivers/{key}', 'post');
    const json = receive.requestBody!.content['application/json']!.schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(json.properties)).toEqual(
      expect.arrayContaining(['recording_url', 'call_id', 'started_at', 'agent']),
    );
    expect(json.required).toEqual(['recording_url']);
    expect(receive.requestBody!.content['application/x-www-form-urlencoded']).toBeDefined();
    expect(Object.keys(receive.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '413', '415', '429']),
    );
  });

  it('describes every webhook event (OpenAPI 3.1 webhooks): its body as contracts define it, its signature headers', () => {
    expect(document.openapi).toBe('3.1.0');
    const webhooks = document.webhooks as Record<
      string,
      {
        post: {
          parameters: { name: string; in: string }[];
          requestBody: { content: { 'application/json': { schema: { properties: { type: unknown } } } } };
        };
      }
    >;
    expect(Object.keys(webhooks).sort()).toEqual(
      [...WEBHOOK_EVENT_TYPES, AUTOMATION_WEBHOOK_EVENT, WEBHOOK_TEST_EVENT].sort(),
    );
    for (const [type, item] of Object.entries(webhooks)) {
      expect(item.post.parameters.map((header) => header.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      expect(item.post.requestBody.content['application/json'].schema.properties.type).toMatchObject({
        const: type,
      });
    }
    // Shared schemas resolve to components (redocly lint above fails on an unresolved reference).
    expect(JSON.stringify(webhooks)).not.toContain('#/$defs/');
  });

  it('gives every success answer a description, and 429s their rate-limit headers', () => {
    const bare = allOperations().flatMap(({ name, op }) =>
      Object.entries(op.responses)
        .filter(([, answer]) => !answer.description || answer.description === 'Default Response')
        .map(([status]) => `${name} ${status}`),
    );
    expect(bare).toEqual([]);
    const login = operation('/api/auth/login', 'post').responses['429']!;
    expect(Object.keys(login.headers ?? {})).toEqual(
      expect.arrayContaining([
        'Retry-After',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
      ]),
    );
  });

  it('lists the 403 of media keys and cross-site requests, and the 413 and 415 of every body', () => {
    const missing = ALL_ROUTES.filter((route) => !route.hidden).flatMap((route) => {
      const path = `/api${route.path.replace(/:(\w+)/g, '{$1}')}`;
      const statuses = Object.keys(operation(path, route.method.toLowerCase()).responses);
      const wanted = [
        ...(route.access === 'full-key' || (route.access !== 'public' && route.method !== 'GET')
          ? ['403']
          : []),
        ...(route.body || route.consumes ? ['413', '415'] : []),
      ];
      return wanted
        .filter((status) => !statuses.includes(status))
        .map((status) => `${route.operationId} ${status}`);
    });
    expect(missing).toEqual([]);
  });
});

describe('the route table', () => {
  it('names each operation once', () => {
    const ids = ALL_ROUTES.map((route) => route.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });
});
