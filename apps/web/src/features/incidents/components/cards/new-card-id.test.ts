import { UUID_PATTERN } from '@blotter/shared/schemas/common';
import { describe, expect, it } from 'vitest';
import { newCardId } from './new-card-id';

describe('newCardId', () => {
  it('makes distinct ids the shared schemas accept', () => {
    const a = newCardId();
    const b = newCardId();
    expect(a).toMatch(UUID_PATTERN);
    expect(a).not.toBe(b);
  });
});
