import { connect } from 'node:net';
import type { RouteDefinition } from '@parley/contracts';
import {
  exampleInputs,
  exampleOf,
  type IdOf,
  idsByName,
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

/** A route whose body is a multipart form (uploads). */
export const isMultipart = (route: RouteDefinition) =>
  route.consumes?.includes('multipart/form-data') ?? false;

/** The soak's real ids: the project ('id' in paths, projectId), its prompt, an analysis and a user. */
export type SoakIds = Record<'projectId' | 'promptId' | 'taskId' | 'userId', number>;

/** The real id a path parameter or input of this name carries. */
export function idOfSoak(ids: SoakIds): IdOf {
  const byInput = idsByName(ids);
  const byPath: Record<string, number> = { id: ids.projectId, ...ids };
  return (name) => byPath[name] ?? byInput(name);
}

/**
 * A valid request of a route as the hostile walk makes one (hostile-walk's exampleInputs where the schemas do
 * not tell, else exampleOf), the ids in it the soak's real ones: the path, query and JSON body, and for a
 * multipart route its text fields and a small text file.
 */
export function exampleRequest(route: RouteDefinition, ids: SoakIds): Variant {
  const idOf = idOfSoak(ids);
  const own = exampleInputs(ids)[route.operationId] ?? {};
  const example = (schema: RouteDefinition['params']) =>
    schema ? (exampleOf(jsonSchemaOf(schema), idOf) as Record<string, unknown>) : {};
  const params = Object.fromEntries(Object.entries(example(route.params)).map(([k, v]) => [k, String(v)]));
  const query = Object.fromEntries(
    Object.entries(own.query ?? example(route.query)).map(([k, v]) => [k, queryText(v)]),
  );
  const input: RequestInput = { params, query };
  const body = jsonBodyOf(route);
  if (own.body !== undefined) input.body = own.body;
  else if (body) input.body = exampleOf(jsonSchemaOf(body), idOf);
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

/** The JSON a route reads: its body, or the fields of a signed body it reads itself (a phone system's event). */
export function jsonBodyOf(route: RouteDefinition): RouteDefinition['body'] {
  return route.body ?? (isMultipart(route) ? undefined : route.form);
}

export interface Answer {
  status: number;
  body: string;
}

/**
 * Sends a request with these credentials; an event stream's body is not waited for (it stays open). A body the
 * server refuses before reading it (over its size limit) is answered early and the connection closed, which
 * fetch reports as a failed write: such a request is sent again with node:http, which reads the early answer.
 */
export async function send(origin: string, credentials: Credentials, variant: Variant): Promise<Answer> {
  const url = urlOf(origin, variant.route, variant.input);
  const init = requestInit(variant, headersOf(credentials));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 60_000);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal }).catch((error: Error) => {
      if (/EPIPE|ECONNRESET/.test(String(error.cause))) return null;
      throw error;
    });
    if (!response) return await earlyAnswer(url, init);
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      controller.abort();
      return { status: response.status, body: '' };
    }
    return { status: response.status, body: await response.text() };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The answer to a request whose body the server may refuse (and close the connection) before reading it: sent
 * on a plain socket whose failed writes are ignored, the answer read until the server closes it.
 */
function earlyAnswer(url: string, init: RequestInit): Promise<Answer> {
  const { hostname, port, pathname, search } = new URL(url);
  const body = Buffer.from(init.body as string | Buffer);
  const headers = {
    ...(init.headers as Record<string, string>),
    host: `${hostname}:${port}`,
    'content-length': String(body.length),
    connection: 'close',
  };
  const head = `${init.method} ${pathname}${search} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    const socket = connect(Number(port), hostname);
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('close', () => {
      const text = Buffer.concat(received).toString();
      const status = Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1]);
      if (status) resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
      else reject(new Error('The server closed the connection without an answer'));
    });
    socket.write(head);
    socket.end(body);
  });
}

/** Runs `work` over the items, `concurrency` at a time. */
export async function eachLimited<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
