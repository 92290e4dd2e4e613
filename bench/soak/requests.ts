import type { RouteDefinition } from '@parley/contracts';
import {
  exampleOf,
  type IdOf,
  jsonSchemaOf,
  queryText,
  type RequestInput,
  requestInit,
  urlOf,
  type Variant,
} from '../../apps/server/test/hostile-walk.ts';
import type { Part } from '../../apps/server/test/uploads.ts';
import { type Credentials, headersOf } from './stack.ts';

/** The file of a multipart route's example: a short text conversation. */
const CHAT = Buffer.from('Agent: Hello, Soak here.\nCustomer: Hi.\n');

const isMultipart = (route: RouteDefinition) => route.consumes?.includes('multipart/form-data') ?? false;

/**
 * A request of a route made from its schemas alone (hostile-walk's exampleOf), the ids in it the soak's real
 * ones by name: the path, query and JSON body, and for a multipart route its text fields and a small text file.
 */
export function exampleRequest(route: RouteDefinition, idOf: IdOf): Variant {
  const example = (schema: RouteDefinition['params']) =>
    schema ? (exampleOf(jsonSchemaOf(schema), idOf) as Record<string, unknown>) : {};
  const params = Object.fromEntries(Object.entries(example(route.params)).map(([k, v]) => [k, String(v)]));
  const query = Object.fromEntries(Object.entries(example(route.query)).map(([k, v]) => [k, queryText(v)]));
  const input: RequestInput = { params, query };
  if (route.body) input.body = exampleOf(jsonSchemaOf(route.body), idOf);
  if (!isMultipart(route)) return { route, place: 'example', input };
  const fields = Object.entries(example(route.form)).filter(([name]) => name !== 'file');
  const form: Part[] = [
    ...fields.map(([name, value]) => ({
      name,
      value: typeof value === 'string' ? value : JSON.stringify(value),
    })),
    { name: 'file', filename: 'soak.txt', contentType: 'text/plain', data: CHAT },
  ];
  return { route, place: 'example', input, form };
}

export interface Answer {
  status: number;
  body: string;
}

/** Sends a request with these credentials; an event stream's body is not waited for (it stays open). */
export async function send(origin: string, credentials: Credentials, variant: Variant): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 60_000);
  try {
    const response = await fetch(urlOf(origin, variant.route, variant.input), {
      ...requestInit(variant, headersOf(credentials)),
      signal: controller.signal,
    });
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      controller.abort();
      return { status: response.status, body: '' };
    }
    return { status: response.status, body: await response.text() };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `work` over the items, `concurrency` at a time. */
export async function eachLimited<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
