// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, server } from '../../../test/msw-server';
import { renderWithApp, testClaims } from '../../../test/render';
import { importDetail, SECURITY, serveImportApi, THEFT } from '../test/import-fixtures';
import ImportCard from './import-card';

const claims = testClaims({ admin: false, privileges: ['INCIDENT_IMPORT'] });

/** The select of a header: MUI names its combobox by the label and the value shown. */
const columnSelect = (header: string) => screen.getByRole('combobox', { name: new RegExp(`^${header}\\b`) });

async function openImport() {
  const rendered = renderWithApp(<ImportCard />, { claims });
  // The first render loads MUI's modules: slow on a loaded machine.
  await rendered.user.click(await screen.findByRole('button', { name: 'history.xlsx' }, { timeout: 10_000 }));
  return rendered;
}

describe('ImportCard: upload and map columns (issue 32 §1)', () => {
  it('refuses a file that is not a spreadsheet before sending it, and opens an uploaded file at its mapping', async () => {
    serveImportApi();
    let uploaded = 0;
    server.use(
      http.post(api('/imports'), () => {
        uploaded += 1;
        return HttpResponse.json(importDetail());
      }),
    );
    renderWithApp(<ImportCard />, { claims });
    const zone = (await screen.findByRole('button', { name: 'Choose a file' }, { timeout: 10_000 }))
      .parentElement as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['%PDF'], 'report.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('report.pdf is not a CSV or Excel (.xlsx) file.')).toBeInTheDocument();
    expect(uploaded).toBe(0);

    fireEvent.drop(zone, {
      dataTransfer: { files: [new File(['Ref\nOLD-1\n'], 'history.csv', { type: 'text/csv' })] },
    });
    expect(await screen.findByRole('region', { name: 'Sheet Incidents' })).toBeInTheDocument();
    expect(uploaded).toBe(1);
    expect(screen.queryByText('report.pdf is not a CSV or Excel (.xlsx) file.')).not.toBeInTheDocument();
  });

  it('shows the guessed mapping, names the required field left unmapped, flags a field mapped twice, and saves the fixed mapping', async () => {
    const { sent } = serveImportApi();
    const { user } = await openImport();
    const sheet = await screen.findByRole('region', { name: 'Sheet Incidents' });
    // Guessed by the server: pre-filled.
    expect(columnSelect('Ref')).toHaveTextContent('Reference');
    expect(columnSelect('Occurred')).toHaveTextContent('Date occurred');
    expect(columnSelect('Category')).toHaveTextContent('Not imported');
    expect(within(sheet).getByText('Required fields not mapped: What (class).')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save mapping and continue' }));
    expect(await screen.findByText('Incidents: What (class) must be mapped.')).toBeInTheDocument();
    expect(sent.mappings).toHaveLength(0);

    await user.click(columnSelect('Notes'));
    await user.click(await screen.findByRole('option', { name: 'Reference *' }));
    expect(await screen.findAllByText('This field is mapped to more than one column.')).toHaveLength(2);
    expect(screen.getByText('Incidents: Reference is mapped to more than one column.')).toBeInTheDocument();

    await user.click(columnSelect('Notes'));
    await user.click(await screen.findByRole('option', { name: 'Summary' }));
    await user.click(columnSelect('Category'));
    await user.click(await screen.findByRole('option', { name: 'What (class) *' }));
    expect(within(sheet).queryByText(/Required fields not mapped/)).not.toBeInTheDocument();
    expect(screen.queryByText('This field is mapped to more than one column.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save mapping and continue' }));
    await waitFor(() => expect(sent.mappings).toHaveLength(1));
    expect(sent.mappings[0]?.sheets[0]).toEqual({
      name: 'Incidents',
      entity: 'incidents',
      columns: {
        Ref: 'sourceRef',
        Occurred: 'occurredDate',
        Reported: 'reportedDate',
        Category: 'classPath',
        Notes: 'summary',
      },
    });
    expect(await screen.findByRole('region', { name: 'What (class)' })).toBeInTheDocument();
  });

  it('maps values: the matched ones collapsed, one chosen among existing items, the rest created, then the preview with its issues', async () => {
    const detail = importDetail();
    const sheet = detail.mapping.sheets[0];
    if (sheet) sheet.columns.Category = 'classPath';
    const { sent } = serveImportApi(detail);
    const { user } = await openImport();
    await user.click(await screen.findByRole('button', { name: 'Save mapping and continue' }));

    const classes = await screen.findByRole('region', { name: 'What (class)' });
    expect(screen.getByText(/2 values match no lookup item yet/)).toBeInTheDocument();
    // Matched values are collapsed: not shown until opened.
    expect(within(classes).queryByRole('combobox', { name: 'Security > Theft' })).not.toBeInTheDocument();
    await user.click(within(classes).getByRole('button', { name: 'Matched values (1)' }));
    expect(within(classes).getByRole('combobox', { name: 'Security > Theft maps to' })).toHaveValue('Security > Theft');

    const vandalism = within(classes).getByRole('combobox', { name: 'Vandalism maps to' });
    await user.click(vandalism);
    await user.type(vandalism, 'Secu');
    await user.click(await screen.findByRole('option', { name: 'Security' }));
    expect(vandalism).toHaveValue('Security');
    expect(screen.getByText(/1 value matches no lookup item yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create all missing' }));
    expect(screen.getByRole('combobox', { name: 'Severe maps to' })).toHaveValue('Create "Severe"');
    expect(screen.queryByRole('button', { name: 'Create all missing' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save values and continue' }));
    await waitFor(() => expect(sent.mappings).toHaveLength(2));
    expect(sent.mappings[1]?.values).toEqual({
      incidentClass: {
        'Security > Theft': { action: 'existing', lookupId: THEFT },
        Vandalism: { action: 'existing', lookupId: SECURITY },
      },
      severityType: { Severe: { action: 'create' } },
    });

    const preview = await screen.findByRole('table', { name: 'Preview' });
    const future = within(preview).getByText('OLD-2').closest('tr') as HTMLElement;
    expect(within(future).getByText('Date occurred cannot be in the future.')).toBeInTheDocument();
    expect(within(future).getByText('03/12/2099 10:30 PM')).toBeInTheDocument();
    expect(sent.jobs).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Start the dry run' }));
    expect(await screen.findByText('Checked 0 of 500 rows')).toBeInTheDocument();
    expect(sent.jobs).toEqual(['validate']);
  });
});
