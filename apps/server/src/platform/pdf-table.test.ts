import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../../test/pdf-text';
import { fitColumns, renderTablePdf, streamTablePdf, tableLayout } from './pdf-table';

const doc = (columns: string[], rows: string[][]) => ({
  companyName: 'Demo Security Inc.',
  title: 'Report',
  columns,
  rows,
  empty: 'Nothing to print.',
  footer: 'Report',
});

describe('fitColumns', () => {
  it('gives each column what it wants when that fits, spreading the spare room in proportion', () => {
    expect(fitColumns([100, 50, 50], 400)).toEqual([200, 100, 100]);
  });

  it('keeps narrow columns and shares the rest equally among the wide ones when room is short', () => {
    const widths = fitColumns([40, 260, 260, 40], 400);
    expect(widths).toEqual([40, 160, 160, 40]);
    expect(widths.reduce((a, b) => a + b, 0)).toBe(400);
  });
});

describe('tableLayout', () => {
  it('is portrait while the columns fit its width, landscape beyond', () => {
    expect(tableLayout([100, 100, 100, 100, 100])).toBe('portrait');
    expect(tableLayout([140, 140, 140, 140])).toBe('landscape');
  });
});

describe('renderTablePdf', () => {
  it('cuts a row taller than a page with an ellipsis instead of running over pages', async () => {
    const huge = 'word '.repeat(2000).trim();
    const columns = Array.from({ length: 20 }, (_, i) => `C${i + 1}`);
    const row = columns.map((_, i) => (i === 0 ? huge : `v${i + 1}`));
    const pages = await pdfPageTexts(await renderTablePdf(doc(columns, [row, ['after']])));
    // The huge row fills one page; the next row starts the next page under the headers again.
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('…');
    expect(pages[0]).toContain('v20');
    expect(pages[1]).toContain('C20');
    expect(pages[1]).toContain('after');
    expect(pages[1]).toContain('Page 2 of 2');
  });

  it('prints the empty text instead of a table without rows', async () => {
    const [page] = await pdfPageTexts(await renderTablePdf(doc(['Number'], [])));
    expect(page).toContain('Nothing to print.');
    expect(page).not.toContain('Number');
  });

  it('prints names of every script in a face that has them, what no face has as ?, and a missing cell as blank', async () => {
    const [page] = await pdfPageTexts(
      await renderTablePdf(doc(['Name', 'City'], [['王小明 Trần', ''], ['Ολγα'], ['김민준 😀', '東京']])),
    );
    expect(page).toContain('王小明 Trần');
    expect(page).toContain('김민준 ?');
    expect(page).toContain('東京');
    expect(page).toContain('Ολγα');
  });

  it('lets other work run while it prints a long report', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => [String(i), 'Nguyễn Thị Minh Khai']);
    const order: string[] = [];
    const printing = renderTablePdf(doc(['Number', 'Name'], rows)).then(() => order.push('printed'));
    setImmediate(() => order.push('other request'));
    await printing;
    expect(order).toEqual(['other request', 'printed']);
  });

  it('stops laying rows out when its reader leaves, and drops the document', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [String(i), 'Nguyễn Thị Minh Khai']);
    const controller = new AbortController();
    let drawn = 0;
    const { pdf, done } = streamTablePdf(doc(['Number', 'Name'], rows), {
      signal: controller.signal,
      onRow: (count) => {
        drawn = count;
        if (count === 100) controller.abort();
      },
    });
    pdf.resume();
    expect(await done).toBe(false);
    expect(drawn).toBe(100);
    expect(pdf.destroyed).toBe(true);
  });

  it('stops when its stream is destroyed (the answer was closed)', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [String(i), 'Zoë Ångström']);
    let drawn = 0;
    const { pdf, done } = streamTablePdf(doc(['Number', 'Name'], rows), {
      onRow: (count) => {
        drawn = count;
      },
    });
    pdf.once('data', () => pdf.destroy());
    expect(await done).toBe(false);
    expect(drawn).toBeLessThan(rows.length);
  });

  it("numbers every page 'Page n of m' and wraps words within narrow columns", async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [
      String(i),
      `A long summary of what happened at the front desk, number ${i}, and what was done about it`,
      'Supercalifragilisticexpialidocious',
    ]);
    const pages = await pdfPageTexts(await renderTablePdf(doc(['Number', 'Summary', 'Word'], rows)));
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const text = pages.join('\n');
    for (const i of [0, 60, 119])
      expect(text.replace(/\s+/g, ' ')).toContain(`number ${i}, and what was done about it`);
  });
});
