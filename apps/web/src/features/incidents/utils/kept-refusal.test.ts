import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { keptRefusalOf } from './kept-refusal';

describe('keptRefusalOf', () => {
  it('keeps the copy when the incident was closed or is gone, not for a stale copy or bad input', () => {
    const closed = new ApiError(400, 'BAD_REQUEST', 'Cannot edit closed incident');
    expect(keptRefusalOf(closed)).toEqual({ reason: 'closed', message: 'Cannot edit closed incident' });
    expect(keptRefusalOf(new ApiError(404, 'NOT_FOUND', 'Incident not found.'))).toMatchObject({ reason: 'gone' });
    expect(keptRefusalOf(new ApiError(409, 'STALE_INCIDENT', 'changed'))).toBeUndefined();
    expect(keptRefusalOf(new ApiError(400, 'BAD_REQUEST', "'What' is required"))).toBeUndefined();
    expect(keptRefusalOf(new Error('offline'))).toBeUndefined();
  });
});
