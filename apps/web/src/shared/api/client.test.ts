import { defineRoute, OkResponse } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonResponse, mockFetch, routeKey } from '../../test/utils';
import {
  ApiError,
  call,
  download,
  fileNameFromDisposition,
  RequestTimeoutError,
  serverMessage,
  UnexpectedAnswerError,
  urlOf,
} from './client';

const save = defineRoute({
  method: 'PUT',
  path: '/things/:id',
  operationId: 'saveThing',
  summary: 'test route',
  tags: ['test'],
  access: 'session',
  params: z.object({ id: z.coerce.number() }),
  query: z.object({ tags: z.array(z.string()).optional(), note: z.string().optional() }),
  body: z.object({ name: z.string() }),
  responses: { 200: z.object({ data: z.object({ id: z.number(), name: z.string() }) }) },
  errors: [409],
});
const upload = defineRoute({
  method: 'POST',
  path: '/things',
  operationId: 'uploadThing',
  summary: 'test route',
  tags: ['test'],
  access: 'session',
  consumes: ['multipart/form-data'],
  responses: { 201: OkResponse },
  errors: [],
});
const file = defineRoute({
  method: 'GET',
  path: '/things/:id/file',
  operationId: 'thingFile',
  summary: 'test route',
  tags: ['test'],
  access: 'session',
  params: z.object({ id: z.coerce.number() }),
  produces: ['text/csv'],
  responses: { 200: null },
  errors: [],
});

describe('the typed API client', () => {
  it('builds the URL from the route: params encoded, empty query values left out, arrays repeated', () => {
    expect(urlOf(save, { params: { id: 7 }, query: { tags: ['a b', 'c'], note: '' } })).toBe(
      '/api/things/7?tags=a%20b&tags=c',
    );
    expect(() => urlOf(save, { params: { id: '' as unknown as number } })).toThrow(/id is missing/);
  });

  it('sends JSON with the method of the route and parses the answer with its schema', async () => {
    const fetch = mockFetch({
      [routeKey(save, { id: 7 })]: () => jsonResponse(200, { data: { id: 7, name: 'x' } }),
    });
    expect(await call(save, { params: { id: 7 }, body: { name: 'x' } })).toEqual({
      data: { id: 7, name: 'x' },
    });
    const [, init] = fetch.mock.calls[0]!;
    expect(init!.body).toBe('{"name":"x"}');
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('refuses an answer its contract does not allow', async () => {
    mockFetch({ [routeKey(save, { id: 7 })]: () => jsonResponse(200, { data: { id: '7' } }) });
    await expect(call(save, { params: { id: 7 }, body: { name: 'x' } })).rejects.toBeInstanceOf(
      UnexpectedAnswerError,
    );
  });

  it("keeps the server's code, message and body, and an empty message when it sent none", async () => {
    mockFetch({
      [routeKey(save, { id: 1 })]: () =>
        jsonResponse(409, { error: { code: 'duplicate', message: 'Taken.' } }),
      [routeKey(save, { id: 2 })]: () => new Response('<html>bad gateway</html>', { status: 502 }),
    });
    const taken = await call(save, { params: { id: 1 }, body: { name: 'x' } }).catch(
      (error: unknown) => error,
    );
    expect(taken).toBeInstanceOf(ApiError);
    expect((taken as ApiError).code).toBe('duplicate');
    expect((taken as ApiError).body).toEqual({ error: { code: 'duplicate', message: 'Taken.' } });
    expect(serverMessage(taken)).toBe('Taken.');
    const gateway = await call(save, { params: { id: 2 }, body: { name: 'x' } }).catch(
      (error: unknown) => error,
    );
    expect((gateway as ApiError).status).toBe(502);
    expect((gateway as ApiError).code).toBe('http_502');
    expect(serverMessage(gateway)).toBe('');
    expect(serverMessage(new TypeError('Failed to fetch'))).toBe('');
  });

  it('sends forms as multipart, without a JSON content type', async () => {
    const fetch = mockFetch({ [routeKey(upload)]: () => jsonResponse(201, { data: { ok: true } }) });
    const form = new FormData();
    form.append('project_id', '5');
    expect(await call(upload, { form })).toEqual({ data: { ok: true } });
    const [, init] = fetch.mock.calls[0]!;
    expect(init!.body).toBe(form);
    expect((init!.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('downloads files with the name the server suggests', async () => {
    mockFetch({
      [routeKey(file, { id: 3 })]: () =>
        new Response('a,b\r\n', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="x.csv"' },
        }),
    });
    const answer = await download(file, { params: { id: 3 } });
    expect(answer.fileName).toBe('x.csv');
    expect(await answer.blob.text()).toBe('a,b\r\n');
  });

  it('stops a request after its time limit', async () => {
    mockFetch({
      [routeKey(upload)]: (_url, init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    });
    await expect(call(upload, { form: new FormData(), timeoutMs: 10 })).rejects.toBeInstanceOf(
      RequestTimeoutError,
    );
  });

  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameFromDisposition('attachment; filename*=UTF-8\'\'caf%C3%A9.csv; filename="cafe.csv"')).toBe(
      'café.csv',
    );
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
