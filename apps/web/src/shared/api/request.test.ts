import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/utils';
import { fetchFile, fileNameFromDisposition, ServerError, send, serverMessage } from './request';

describe('request helpers', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameFromDisposition('attachment; filename="blacklist-project-5-20260201-091500.csv"')).toBe(
      'blacklist-project-5-20260201-091500.csv',
    );
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameFromDisposition('attachment; filename*=UTF-8\'\'caf%C3%A9.csv; filename="cafe.csv"')).toBe(
      'café.csv',
    );
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it("keeps the server's message and body, and an empty message when it sent none", async () => {
    mockFetch({
      'POST /api/a': () => jsonResponse(409, { error: { code: 'duplicate_number', message: 'Taken.' } }),
      'POST /api/b': () => new Response('<html>bad gateway</html>', { status: 502 }),
    });
    const taken = await send('/a', { method: 'POST', json: {} }).catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(ServerError);
    expect((taken as ServerError).code).toBe('duplicate_number');
    expect((taken as ServerError).body).toEqual({ error: { code: 'duplicate_number', message: 'Taken.' } });
    expect(serverMessage(taken)).toBe('Taken.');
    const gateway = await send('/b', { method: 'POST', json: {} }).catch((error: unknown) => error);
    expect((gateway as ServerError).status).toBe(502);
    expect(serverMessage(gateway)).toBe('');
    expect(serverMessage(new TypeError('Failed to fetch'))).toBe('');
  });

  it('sends JSON and forms, and downloads files with their suggested name', async () => {
    const fetch = mockFetch({
      'PUT /api/json': () => jsonResponse(200, { data: 1 }),
      'POST /api/form': () => jsonResponse(201, { ok: true }),
      'GET /api/file': () =>
        new Response('a,b\r\n', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="x.csv"' },
        }),
    });
    expect(await send('/json', { method: 'PUT', json: { a: 1 } })).toEqual({ data: 1 });
    const form = new FormData();
    form.append('project_id', '5');
    expect(await send('/form', { method: 'POST', form })).toEqual({ ok: true });
    const [, jsonInit] = fetch.mock.calls[0]!;
    expect(jsonInit!.body).toBe('{"a":1}');
    expect((jsonInit!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    const [, formInit] = fetch.mock.calls[1]!;
    expect(formInit!.body).toBe(form);
    expect((formInit!.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    const file = await fetchFile('/file');
    expect(file.fileName).toBe('x.csv');
    expect(await file.blob.text()).toBe('a,b\r\n');
  });
});
