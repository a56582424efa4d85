import { describe, expect, it } from 'vitest';
import { createFlushRegistry } from './flush-registry';

describe('createFlushRegistry', () => {
  it('runs every registered flush until it is removed', () => {
    const registry = createFlushRegistry();
    const calls: string[] = [];
    const removeA = registry.register(() => calls.push('a'));
    registry.register(() => calls.push('b'));
    registry.flushAll();
    removeA();
    registry.flushAll();
    expect(calls).toEqual(['a', 'b', 'b']);
  });
});
