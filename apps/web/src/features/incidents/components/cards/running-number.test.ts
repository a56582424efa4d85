import { describe, expect, it } from 'vitest';
import { nextRunningName, nextRunningNumber } from './running-number';

describe('nextRunningName', () => {
  it('starts at 1', () => {
    expect(nextRunningName('Vehicle', [])).toBe('Vehicle 1');
  });

  it('follows the count of existing entries', () => {
    expect(nextRunningName('Item', ['Item 1', 'Item 2'])).toBe('Item 3');
  });

  it('runs on from the highest number, so a removed name is not handed out twice', () => {
    expect(nextRunningName('Attachment', ['Attachment 2'])).toBe('Attachment 3');
  });

  it('counts renamed entries, so the third item is Item 3', () => {
    expect(nextRunningName('Item', ['Laptop', 'Phone'])).toBe('Item 3');
  });

  it('only reads numbers after the exact prefix', () => {
    expect(nextRunningNumber('Item', ['Items 9', 'Item 9a', 'My Item 7'])).toBe(4);
    expect(nextRunningNumber('Item', ['Item 7'])).toBe(8);
  });
});
