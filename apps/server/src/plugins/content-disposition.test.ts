import { parse } from 'content-disposition';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

const TRICKY = `Rapport d'incident (copie) *final* – "Zoë".pdf`;
const TRICKY_ENCODED = 'Rapport%20d%27incident%20%28copie%29%20%2Afinal%2A%20%E2%80%93%20%22Zo%C3%AB%22.pdf';
const CHINESE = '事故报告 №7.csv';
const CHINESE_ENCODED = '%E4%BA%8B%E6%95%85%E6%8A%A5%E5%91%8A%20%E2%84%967.csv';

describe('contentDisposition', () => {
  it("percent-encodes ' ( ) * in filename*, with accents, quotes and an ASCII fallback", () => {
    expect(contentDisposition(TRICKY, { type: 'attachment' })).toBe(
      `attachment; filename="Rapport d'incident (copie) *final* _ _Zo__.pdf"; filename*=UTF-8''${TRICKY_ENCODED}`,
    );
    expect(contentDisposition(TRICKY, { type: 'inline', names: 'utf8' })).toBe(
      `inline; filename*=UTF-8''${TRICKY_ENCODED}`,
    );
  });

  it('gives a name in another script whole in filename*', () => {
    expect(contentDisposition(CHINESE, { type: 'attachment' })).toBe(
      `attachment; filename="____ _7.csv"; filename*=UTF-8''${CHINESE_ENCODED}`,
    );
    expect(contentDisposition(CHINESE, { type: 'inline', names: 'plain' })).toBe(
      `inline; filename="____ _7.csv"; filename*=UTF-8''${CHINESE_ENCODED}`,
    );
  });

  it('sends a plain ASCII name alone when asked, and both forms otherwise', () => {
    expect(contentDisposition('receipt-2.pdf', { type: 'attachment', names: 'plain' })).toBe(
      'attachment; filename="receipt-2.pdf"',
    );
    expect(contentDisposition('Thefts Q3 north.csv', { type: 'attachment' })).toBe(
      `attachment; filename="Thefts Q3 north.csv"; filename*=UTF-8''Thefts%20Q3%20north.csv`,
    );
  });

  it('says every name so that an RFC 6266 parser reads it back exactly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), (name) => {
        for (const names of ['both', 'plain', 'utf8'] as const) {
          const header = contentDisposition(name, { type: 'attachment', names });
          const parsed = parse(header);
          expect(parsed.type).toBe('attachment');
          expect(parsed.parameters.filename).toBe(name);
        }
      }),
    );
  });
});
