// @vitest-environment jsdom
import type { ImportRow } from '@blotter/shared/schemas/imports';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, server } from '../../../test/msw-server';
import { renderWithApp, testClaims } from '../../../test/render';
import { IMPORT_ID, importDetail, refusedRow, serveImportApi } from '../test/import-fixtures';
import ImportCard from './import-card';

const claims = testClaims({ admin: false, privileges: ['INCIDENT_IMPORT'] });

async function openImport() {
  const rendered = renderWithApp(<ImportCard />, { claims });
  // The first render loads MUI's modules: slow on a loaded machine.
  await rendered.user.click(await screen.findByRole('button', { name: 'history.xlsx' }, { timeout: 10_000 }));
  return rendered;
}

const createdRow = (index: number): ImportRow => ({
  sheet: 'Incidents',
  rowNumber: index + 2,
  sourceRef: `OLD-${index}`,
  outcome: 'created',
  reason: '',
  incidentId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
});

const jsdomCreateObjectURL = URL.createObjectURL;
afterEach(() => {
  URL.createObjectURL = jsdomCreateObjectURL;
  vi.restoreAllMocks();
});

describe('ImportCard: dry run and import (issue 32 §1)', () => {
  it('polls the dry run with its progress, then pages the refused rows, and imports only after confirming', async () => {
    const refused = Array.from({ length: 12 }, (_, index) => refusedRow(index));
    const api$ = serveImportApi(
      importDetail({ status: 'validating', progress: { done: 12_000, total: 100_000 } }),
      refused,
    );
    const { user } = await openImport();
    expect(await screen.findByText('Checked 12,000 of 100,000 rows')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Checked 12,000 of 100,000 rows' })).toHaveAttribute(
      'aria-valuenow',
      '12',
    );
    expect(screen.getByRole('button', { name: 'Back to mapping' })).toBeDisabled();

    api$.setDetail({
      status: 'validated',
      progress: null,
      counts: { rows: 500, valid: 488, refused: 12, created: 0, skipped: 0 },
    });
    // Read again by the poll, about a second later.
    const table = await screen.findByRole('table', { name: 'Refused rows' }, { timeout: 4000 });
    expect(screen.getByText('Checked 500 rows: 488 can be imported, 12 refused.')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('Row 2: Date occurred cannot be in the future.')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(table).findByText('OLD-11')).toBeInTheDocument();
    expect(api$.sent.rowQueries.at(-1)?.toString()).toBe('p=1&psz=10&outcome=refused');
    expect(api$.sent.jobs).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Import 488 incidents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import 488 incidents' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api$.sent.jobs).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Import 488 incidents' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Import 488 incidents' }));
    expect(await screen.findByText('Imported 0 of 500 rows')).toBeInTheDocument();
    expect(api$.sent.jobs).toEqual(['run']);
  });

  it('reports the import: the counts, the rows by outcome paged, the CSV and the way to Search', async () => {
    const rows = [...Array.from({ length: 11 }, (_, index) => createdRow(index)), refusedRow(20)];
    serveImportApi(
      importDetail({ status: 'done', counts: { rows: 12, valid: 11, refused: 1, created: 11, skipped: 0 } }),
      rows,
    );
    let reportAsked = 0;
    server.use(
      http.get(api(`/imports/${IMPORT_ID}/report.csv`), () => {
        reportAsked += 1;
        return new HttpResponse('Sheet,Row,Reference,Outcome,Reason\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="history-report.csv"' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:report');
    URL.createObjectURL = createObjectURL;
    // The download link's click would navigate jsdom's document.
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = await openImport();

    expect(await screen.findByRole('region', { name: 'Created' })).toHaveTextContent('11');
    expect(screen.getByRole('region', { name: 'Skipped (imported before)' })).toHaveTextContent('0');
    expect(screen.getByRole('region', { name: 'Refused' })).toHaveTextContent('1');
    const created = await screen.findByRole('table', { name: 'Created rows' });
    expect(within(created).getByRole('link', { name: 'OLD-0' })).toHaveAttribute(
      'href',
      '/incident/00000000-0000-4000-8000-000000000000',
    );
    expect(screen.getByText('1–10 of 11')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Refused' }));
    const refused = await screen.findByRole('table', { name: 'Refused rows' });
    expect(within(refused).getByText('Row 22: Date occurred cannot be in the future.')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Find them in Search' })).toHaveAttribute('href', '/search');
    await user.click(screen.getByRole('button', { name: 'Download report (CSV)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(saved).toHaveBeenCalledTimes(1);
    expect(reportAsked).toBe(1);
  });
});
