import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.ts';
import { buildOpenApiDocument } from './openapi-document.ts';

// What an API user does: generate types from the document (openapi-typescript, file parts as Blob as its
// documentation shows) and call the API with openapi-fetch. The program below must type-check without a
// cast, and its @ts-expect-error lines prove the types are not `any` (an unused one is an error).
const PROGRAM = `
import createClient from 'openapi-fetch';
import type { paths, webhooks } from './schema';

const client = createClient<paths>({ baseUrl: 'https://parley.example.org' });

export async function uploadPollAndList(projectId: number, file: Blob): Promise<number | null> {
  const uploaded = await client.POST('/api/projects/{id}/uploads', {
    params: { path: { id: projectId } },
    body: { prompt_id: 7, metadata: JSON.stringify({ Department: 'Sales' }), file },
    bodySerializer(body) {
      const form = new FormData();
      for (const [name, value] of Object.entries(body)) {
        if (value instanceof Blob) form.append(name, value, 'call.mp3');
        else if (value !== undefined) form.append(name, String(value));
      }
      return form;
    },
  });
  const taskId: number | undefined = uploaded.data?.data.task_id;
  if (taskId === undefined) return null;
  // @ts-expect-error the prompt is required
  await client.POST('/api/projects/{id}/uploads', { params: { path: { id: projectId } }, body: { file } });

  const polled = await client.GET('/api/projects/{id}/analyses/{taskId}', {
    params: { path: { id: projectId, taskId } },
  });
  const status: string | undefined = polled.data?.data.status;
  // @ts-expect-error the status is text, not a number
  const wrong: number | undefined = polled.data?.data.status;

  const listed = await client.GET('/api/projects/{id}/analyses', {
    params: { path: { id: projectId }, query: { page: 1, page_size: 50, status: 'completed' } },
  });
  const scores: (number | null | undefined)[] = listed.data?.data.items.map((item) => item.final_score) ?? [];
  return status === 'completed' && wrong === undefined ? (scores[0] ?? null) : null;
}

type Completed = webhooks['analysis.completed']['post']['requestBody']['content']['application/json'];
type BalanceLow = webhooks['billing.balance_low']['post']['requestBody']['content']['application/json'];

export function onEvent(event: Completed | BalanceLow): string {
  if (event.type === 'analysis.completed') return \`\${event.data.id}: \${event.data.final_score ?? '-'}\`;
  const balance: number = event.data.balance;
  // @ts-expect-error a balance event carries no analysis
  return event.data.final_score ?? String(balance);
}
`;

let folder: string;

beforeAll(async () => {
  // Under the server's node_modules so that the program resolves openapi-fetch as an installed package.
  const cache = path.join(REPO_ROOT, 'apps', 'server', 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  folder = await mkdtemp(path.join(cache, 'openapi-client-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('a client generated from the OpenAPI document', () => {
  it('types an upload, a poll, a list and webhook payloads without casts', async () => {
    const document = await buildOpenApiDocument({ PUBLIC_URL: 'https://parley.example.org' });
    const blob = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
    const ast = await openapiTS(JSON.stringify(document), {
      transform: (schema) => (schema.format === 'binary' ? blob : undefined),
    });
    await writeFile(path.join(folder, 'schema.ts'), astToString(ast));
    await writeFile(path.join(folder, 'client.ts'), PROGRAM);
    await writeFile(
      path.join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'esnext',
          moduleResolution: 'bundler',
          lib: ['es2022', 'dom'],
          skipLibCheck: true,
          types: [],
        },
        files: ['client.ts'],
      }),
    );
    const tsc = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const outcome = await promisify(execFile)(process.execPath, [tsc, '-p', folder]).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(outcome).toBe('');
  }, 120_000);
});
