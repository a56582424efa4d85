import { describe, expect, it } from 'vitest';
import { contentDispositionFileName, csvRecordCounter } from './csv-stream';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('csvRecordCounter', () => {
  it('counts rows after the header, across chunks, ignoring line breaks inside quotes', () => {
    const counter = csvRecordCounter();
    counter.push(bytes('\uFEFFNumber,Summary\r\n1,"two\r\nlines ""quoted'));
    expect(counter.rows()).toBe(0);
    counter.push(bytes('"""\r\n2,plain\r\n'));
    expect(counter.rows()).toBe(2);
  });
});

describe('contentDispositionFileName', () => {
  it('reads the UTF-8 file name before the plain one', () => {
    expect(contentDispositionFileName(`attachment; filename*=UTF-8''Th%C3%A9fts%20north.csv`, 'x.csv')).toBe(
      'Théfts north.csv',
    );
    expect(contentDispositionFileName('attachment; filename="Search results.csv"', 'x.csv')).toBe('Search results.csv');
  });

  it('falls back without a name and drops path separators', () => {
    expect(contentDispositionFileName(null, 'Search results.csv')).toBe('Search results.csv');
    expect(contentDispositionFileName('attachment', 'a.csv')).toBe('a.csv');
    expect(contentDispositionFileName(`attachment; filename*=UTF-8''..%2Fx.csv`, 'a.csv')).toBe('.._x.csv');
  });
});
