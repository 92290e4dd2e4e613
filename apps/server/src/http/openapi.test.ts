import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ALL_ROUTES } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.ts';
import { buildOpenApiDocument } from './openapi-document.ts';

type Operations = Record<
  string,
  Record<string, { operationId?: string; responses?: Record<string, unknown> }>
>;

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
    expect(outcome.ok).toBe(true);
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

describe('the route table', () => {
  it('names each operation once', () => {
    const ids = ALL_ROUTES.map((route) => route.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });
});
