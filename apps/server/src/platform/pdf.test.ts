import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf';

describe('renderPdf', () => {
  it('renders a PDF whose text holds the title, the sections and the fields', async () => {
    const bytes = await renderPdf({
      companyName: 'Demo Security Inc.',
      title: 'Incident #42',
      subtitle: 'Open',
      sections: [
        {
          title: 'When What Where Why',
          blocks: [{ fields: [{ label: 'Summary', value: 'Laptop taken from the front desk.', paragraph: true }] }],
        },
        { title: 'Persons (0)', blocks: [], empty: 'No persons.' },
      ],
      footer: 'Printed 23/11/2026 by Dana Whitfield',
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // pdfkit writes text as hex glyph strings; the document info carries the title in clear.
    expect(bytes.toString('latin1')).toContain('Incident #42');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('survives an unreadable logo', async () => {
    const bytes = await renderPdf({
      companyName: 'X',
      logo: Buffer.from('not an image'),
      title: 'Incident #1',
      sections: [],
      footer: '',
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
