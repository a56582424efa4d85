import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
import { renderPdf, toWinAnsi } from './pdf';

const pageCount = (bytes: Buffer) => (bytes.toString('latin1').match(/\/Type \/Page\n/g) ?? []).length;

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

  it('puts the footer on each page instead of starting a page for it', async () => {
    const short = await renderPdf({ companyName: 'X', title: 'Incident #1', sections: [], footer: 'Printed by Dana' });
    expect(pageCount(short)).toBe(1);
    const long = await renderPdf({
      companyName: 'X',
      title: 'Incident #2',
      sections: [
        {
          title: 'Persons (1)',
          blocks: [{ fields: [{ label: 'Comments', value: 'word '.repeat(3000), paragraph: true }] }],
        },
      ],
      footer: 'Printed by Dana',
    });
    const pages = pageCount(long);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(long);
    expect(text.match(/Printed by Dana/g)).toHaveLength(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('prints names outside WinAnsi readably instead of garbling the line', async () => {
    expect(toWinAnsi('Łukasz Śmiałek – Zoë, 李')).toBe('Lukasz Smialek – Zoë, ?');
    const bytes = await renderPdf({
      companyName: 'X',
      title: 'Incident #3',
      sections: [{ title: 'Persons (1)', blocks: [{ heading: 'Łukasz Śmiałek', fields: [] }] }],
      footer: '',
    });
    expect(pdfText(bytes)).toContain('Lukasz Smialek');
  });

  it('draws a block picture beside its fields', async () => {
    const picture = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const bytes = await renderPdf({
      companyName: 'X',
      title: 'Incident #4',
      sections: [
        {
          title: 'Persons (1)',
          blocks: [{ heading: 'Jane Doe', image: picture, fields: [{ label: 'Alias', value: 'JD' }] }],
        },
      ],
      footer: '',
    });
    expect(bytes.toString('latin1')).toContain('/Subtype /Image');
    expect(pdfText(bytes)).toContain('JD');
  });
});
