import { describe, expect, it } from 'vitest';
import { renderPdf } from '../src/platform/pdf';
import { pdfText, pdfWords } from './pdf-text';

describe('pdfText', () => {
  it('reads the text pdfkit writes with the embedded font, one line per run of text', async () => {
    const bytes = await renderPdf({
      companyName: 'Café “Quotes” – €5',
      title: 'Incident #7',
      sections: [
        { title: 'Persons (1)', blocks: [{ heading: 'Zoë Ünal', fields: [{ label: 'Email', value: 'z@x.example' }] }] },
      ],
      footer: 'Printed today',
    });
    // A label and its value, and the footer and the page number, share a line of the page but are
    // runs of their own.
    expect((await pdfText(bytes)).split('\n')).toEqual([
      'Café “Quotes” – €5',
      'Incident #7',
      'Persons (1)',
      'Zoë Ünal',
      'Email',
      'z@x.example',
      'Printed today',
      'Page 1 of 1',
    ]);
  });

  it('reads every page in order, a wrapped paragraph a line at a time, and composes marks', async () => {
    const paragraph = Array.from({ length: 1500 }, (_, i) => `Thị${i}`).join(' ');
    const bytes = await renderPdf({
      companyName: 'X',
      title: 'Incident #8',
      sections: [{ title: 'Notes', blocks: [{ fields: [{ label: 'Comments', value: paragraph, paragraph: true }] }] }],
      footer: 'Printed today',
    });
    const lines = (await pdfText(bytes)).split('\n');
    const pages = lines.filter((line) => /^Page \d of \d$/.test(line));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages).toEqual(pages.map((_, i) => `Page ${i + 1} of ${pages.length}`));
    // The paragraph wraps over many lines (and pages), and reads back in order, word for word.
    const wrapped = lines.filter((line) => line.startsWith('Thị'));
    expect(wrapped.length).toBeGreaterThan(10);
    expect(wrapped.join(' ')).toBe(paragraph);
    expect(await pdfWords(bytes)).toMatch(/^X Incident #8 Notes Comments Thị0 Thị1 Thị2 /);
  });
});
