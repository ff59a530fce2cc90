import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { api, ApiError, errorMessage } from './api';

describe('api client', () => {
  it('sends JSON with same-origin credentials and reads JSON back', async () => {
    const calls = mockApi({ 'POST /api/newsletter': { status: 201, body: { message: 'ok' } } });
    await expect(api.post('/newsletter', { email: 'a@b.c' })).resolves.toEqual({ message: 'ok' });
    const [, init] = calls.fetch.mock.calls.at(-1) ?? [];
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"email":"a@b.c"}' });
    expect(calls.to('POST /api/newsletter')[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it("turns a failure into an ApiError with the server's message, code, field errors and Retry-After", async () => {
    mockApi({
      'POST /api/auth/login': {
        status: 429,
        body: { message: 'Too many attempts.', code: 'RATE_LIMITED', fieldErrors: { email: 'Slow down.' } },
        headers: { 'Retry-After': '30' },
      },
    });
    const error = await api.post('/auth/login', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      message: 'Too many attempts.',
      code: 'RATE_LIMITED',
      fieldErrors: { email: 'Slow down.' },
      retryAfter: 30,
    });
  });

  it('uses the fallback when the server sent no readable message, or the network failed', async () => {
    mockApi({
      'GET /api/config': { status: 502 },
      'GET /api/offline': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const badGateway = await api.get('/config').catch((caught: unknown) => caught);
    expect(errorMessage(badGateway, 'Fallback.')).toBe('Fallback.');

    const offline = await api.get('/offline').catch((caught: unknown) => caught);
    expect(offline).toMatchObject({ status: 0, code: 'NETWORK' });
    expect(errorMessage(offline, 'Fallback.')).toBe('Fallback.');
  });

  it('answers undefined for 204', async () => {
    mockApi({ 'POST /api/auth/logout': { status: 204 } });
    await expect(api.post('/auth/logout')).resolves.toBeUndefined();
  });
});
