import { describe, expect, it } from 'vitest';
import { fileSizeError, isImageFile } from './file-limits';

describe('fileSizeError', () => {
  it('accepts a file up to the limit in MB', () => {
    expect(fileSizeError({ size: 1024 * 1024 }, 1)).toBeNull();
  });

  it('refuses a file over the limit and names the limit', () => {
    expect(fileSizeError({ size: 1024 * 1024 + 1 }, 1)).toBe('The file is larger than the 1 MB limit.');
    expect(fileSizeError({ size: 600 * 1024 }, 0.5)).toBe('The file is larger than the 0.5 MB limit.');
  });

  it('has no limit when none is known', () => {
    expect(fileSizeError({ size: 10 ** 12 }, undefined)).toBeNull();
  });
});

describe('isImageFile', () => {
  it('tells images by type, or by extension when the type is unknown', () => {
    expect(isImageFile({ type: 'image/png', name: 'a.png' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf', name: 'a.pdf' })).toBe(false);
    expect(isImageFile({ type: '', name: 'photo.JPG' })).toBe(true);
    expect(isImageFile({ type: '', name: 'notes.txt' })).toBe(false);
  });
});
