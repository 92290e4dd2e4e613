import { type authRoutes, firstVisitEndpoints } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/utils';
import { ApiError, callUnchecked } from './transport';

describe('callUnchecked', () => {
  it('sends the body as JSON and answers the JSON answer', async () => {
    const fetch = mockFetch({
      'POST /api/auth/login': () =>
        jsonResponse(200, { data: { two_factor_required: true, methods: ['totp'] } }),
    });
    const answer = await callUnchecked<typeof authRoutes.login>(firstVisitEndpoints.login, {
      email: 'ada@example.com',
      password: 'secret',
    });
    expect(answer.data).toEqual({ two_factor_required: true, methods: ['totp'] });
    const [, init] = fetch.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com', password: 'secret' });
  });

  it("rejects a refusal with the server's code and message, as the API client does", async () => {
    mockFetch({
      'POST /api/auth/login': () =>
        jsonResponse(401, { error: { code: 'invalid_credentials', message: 'Wrong email or password' } }),
    });
    const refusal = callUnchecked<typeof authRoutes.login>(firstVisitEndpoints.login, {
      email: 'ada@example.com',
      password: 'wrong',
    });
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({ status: 401, code: 'invalid_credentials' });
  });
});
