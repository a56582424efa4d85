import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, isTokenExpired, toApiError } from './api-error';

describe('toApiError', () => {
  it("takes the server's code and message", () => {
    const error = toApiError(403, JSON.stringify({ code: 'FORBIDDEN', message: 'You do not have permission.' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toBe('You do not have permission.');
  });

  it('falls back to a readable message when the body is not JSON', () => {
    const error = toApiError(502, '<html>Bad gateway</html>');
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toBe('The request failed (HTTP 502).');
  });

  it('keeps the fallback for missing or empty fields', () => {
    const error = toApiError(404, JSON.stringify({ code: '', message: 42 }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('Not found.');
  });
});

describe('isTokenExpired', () => {
  it('is true for a 401 with code TOKEN_EXPIRED', () => {
    expect(isTokenExpired(new ApiError(401, 'TOKEN_EXPIRED', 'whatever'))).toBe(true);
  });

  it("is true for a 401 with the message 'Token is expired'", () => {
    expect(isTokenExpired(new ApiError(401, 'UNAUTHORIZED', 'Token is expired'))).toBe(true);
  });

  it('is false for other 401s, other statuses and other errors', () => {
    expect(isTokenExpired(new ApiError(401, 'UNAUTHORIZED', 'Sign in to continue.'))).toBe(false);
    expect(isTokenExpired(new ApiError(403, 'TOKEN_EXPIRED', 'Token is expired'))).toBe(false);
    expect(isTokenExpired(new Error('Token is expired'))).toBe(false);
  });
});

describe('errorMessage', () => {
  it('reads errors and other thrown values', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain')).toBe('plain');
  });
});
