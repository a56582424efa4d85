import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, configureApiClient, requestHeaders } from './api-client';
import { ApiError } from './api-error';

function respond(status: number, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(status === 204 ? null : text, { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiClient({ getAccessToken: async () => undefined, onTokenExpired: () => {} });
});

describe('requestHeaders', () => {
  it('carries the timezone offset, the bearer token and JSON content type', () => {
    const headers = requestHeaders('abc', true);
    expect(headers['x-timezone-offset']).toBe(String(new Date().getTimezoneOffset()));
    expect(headers.authorization).toBe('Bearer abc');
    expect(headers['content-type']).toBe('application/json');
  });

  it('leaves out the token and content type when there are none', () => {
    const headers = requestHeaders(undefined, false);
    expect(headers.authorization).toBeUndefined();
    expect(headers['content-type']).toBeUndefined();
  });
});

describe('apiFetch', () => {
  it('calls /api with the stored token and a JSON body, and parses the answer', async () => {
    const fetchMock = respond(200, { id: 'x', number: 7 });
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ getAccessToken: async () => 'token-1', onTokenExpired: () => {} });
    const answer = await apiFetch<{ number: number }>('/incidents', { method: 'POST', body: { a: 1 } });
    expect(answer.number).toBe(7);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/incidents');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer token-1');
  });

  it('answers undefined for 204', async () => {
    vi.stubGlobal('fetch', respond(204));
    await expect(apiFetch('/notifications/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it("throws the server's error and logs out on an expired token", async () => {
    vi.stubGlobal('fetch', respond(401, { code: 'TOKEN_EXPIRED', message: 'Token is expired' }));
    const onTokenExpired = vi.fn();
    configureApiClient({ getAccessToken: async () => 'old', onTokenExpired });
    const failure = apiFetch('/incidents/my');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    expect(onTokenExpired).toHaveBeenCalledTimes(1);
  });

  it('does not log out on other errors', async () => {
    vi.stubGlobal('fetch', respond(403, { code: 'FORBIDDEN', message: 'You do not have permission.' }));
    const onTokenExpired = vi.fn();
    configureApiClient({ getAccessToken: async () => 't', onTokenExpired });
    await expect(apiFetch('/incidents')).rejects.toThrow('You do not have permission.');
    expect(onTokenExpired).not.toHaveBeenCalled();
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiFetch('/incidents/my')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('prefers an explicit access token (right after sign-in)', async () => {
    const fetchMock = respond(200, {});
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ getAccessToken: async () => 'stored', onTokenExpired: () => {} });
    await apiFetch('/users/sessions', { method: 'POST', accessToken: 'fresh' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer fresh');
  });
});

describe('apiFetch keepalive', () => {
  it('asks for keepalive on small bodies only (browsers refuse more than 64 KiB)', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/draftIncidents', { method: 'PUT', body: { a: 1 }, keepalive: true });
    await apiFetch('/draftIncidents', { method: 'PUT', body: { a: 'x'.repeat(70_000) }, keepalive: true });
    await apiFetch('/draftIncidents', { method: 'PUT', body: { a: 1 } });
    expect(fetchMock.mock.calls.map(([, init]) => init?.keepalive)).toEqual([true, false, false]);
  });
});
