// @vitest-environment jsdom
import type { Ban } from '@blotter/shared/schemas/subjects';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ban,
  ENTRANCE,
  PERSON_ID,
  pageOf,
  serveInitData,
  subjectDetail,
} from '../features/subjects/test/subject-fixtures';
import { api, server } from '../test/msw-server';
import { renderWithApp, testClaims } from '../test/render';
import SubjectPage from './subject-page';

/* Issue 31, a subject's bans: Print notice (the server's PDF in a frame) and Edit (the Add ban dialog, prefilled). */

const base = `/subjects/person/${PERSON_ID}`;
const EXPIRED = '55555555-5555-4555-8555-555555555555';
const REVOKED = '66666666-6666-4666-8666-666666666666';
const WATCH = '77777777-7777-4777-8777-777777777777';

/** Serves the subject and its bans (kept in `bans`); records the PUTs and the notices printed. */
function serveSubject(bans: Ban[]) {
  const updated: { id: string; body: Record<string, unknown> }[] = [];
  const printed: string[] = [];
  server.use(
    http.get(api(base), () => HttpResponse.json(subjectDetail())),
    http.get(api(`${base}/incidents`), () => HttpResponse.json(pageOf([]))),
    http.get(api(`${base}/bans`), () => HttpResponse.json(pageOf(bans))),
    http.put(api('/subjects/bans/:id'), async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      updated.push({ id: String(params.id), body });
      if (body.reason === 'refuse me') {
        return HttpResponse.json({ code: 'BAD_REQUEST', message: 'Unknown location.' }, { status: 400 });
      }
      const index = bans.findIndex((each) => each.id === params.id);
      bans[index] = { ...(bans[index] ?? ban()), ...(body as Partial<Ban>) };
      return HttpResponse.json(bans[index]);
    }),
    http.get(api('/subjects/bans/:id/print'), ({ params }) => {
      printed.push(String(params.id));
      return new HttpResponse(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
        headers: { 'content-type': 'application/pdf' },
      });
    }),
  );
  return { updated, printed };
}

function renderPage(privileges: string[]) {
  serveInitData();
  return renderWithApp(
    <Routes>
      <Route path="/subjects/:kind/:id" element={<SubjectPage />} />
    </Routes>,
    { route: base, claims: testClaims({ admin: false, privileges }) },
  );
}

const createObjectURL = URL.createObjectURL;
const revokeObjectURL = URL.revokeObjectURL;
beforeEach(() => {
  // jsdom has no object URLs: the frame and Download get a stand-in.
  URL.createObjectURL = vi.fn(() => 'blob:notice');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('SubjectPage: print and edit a ban (issue 31)', () => {
  it('Print notice shows the ban’s notice PDF with Download; a watch has no notice', async () => {
    const { printed } = serveSubject([ban(), ban({ id: WATCH, banType: 'watch', reason: 'Seen near the tills' })]);
    const { user } = renderPage(['SUBJECT_VIEW']);
    const bans = await screen.findByRole('list', { name: 'Bans' });
    const buttons = within(bans).getAllByRole('button', { name: 'Print notice' });
    // One for the ban; none for the watch.
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Print ban notice' });
    expect(await within(dialog).findByTitle('Print ban notice')).toHaveAttribute('src', 'blob:notice');
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'download',
      'ban-notice-2026-11-01.pdf',
    );
    expect(printed).toEqual([ban().id]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:notice');
  });

  it('Print notice shows the server’s refusal', async () => {
    serveSubject([ban({ banType: 'trespass' })]);
    server.use(
      http.get(api('/subjects/bans/:id/print'), () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: 'Ban not found.' }, { status: 404 }),
      ),
    );
    const { user } = renderPage(['SUBJECT_VIEW']);
    await user.click(await screen.findByRole('button', { name: 'Print notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print trespass notice' });
    expect(await within(dialog).findByText('The notice could not be printed: Ban not found.')).toBeInTheDocument();
  });

  it('Edit is offered for active and upcoming bans only, prefilled, and saves the changed terms', async () => {
    const { updated } = serveSubject([
      ban(),
      ban({ id: EXPIRED, status: 'expired', reason: 'Old ban', startDate: '2020-01-01', endDate: '2020-06-30' }),
      ban({ id: REVOKED, status: 'revoked', reason: 'Revoked ban', revokedAt: '2026-11-02T10:00:00.000Z' }),
    ]);
    const { user } = renderPage(['SUBJECT_VIEW', 'SUBJECT_EDIT']);
    const bans = await screen.findByRole('list', { name: 'Bans' });
    const edits = within(bans).getAllByRole('button', { name: 'Edit' });
    expect(edits).toHaveLength(1);
    expect(within(within(bans).getAllByRole('listitem')[0] as HTMLElement).getByRole('button', { name: 'Edit' })).toBe(
      edits[0],
    );
    await user.click(edits[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Edit ban for John Smith' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveValue('Shoplifting, three times');
    expect(within(dialog).getByRole('button', { name: 'North Mall / Entrance' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Indefinite (no end date)' })).not.toBeChecked();

    // A refusal of the server stays in the dialog.
    await user.clear(reason);
    await user.type(reason, 'refuse me');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Unknown location.')).toBeInTheDocument();

    await user.clear(reason);
    await user.type(reason, 'Shoplifting, four times');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Indefinite (no end date)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updated.at(-1)).toEqual({
      id: ban().id,
      body: {
        banType: 'ban',
        reason: 'Shoplifting, four times',
        locationIds: [ENTRANCE],
        startDate: '2026-11-01',
        endDate: null,
      },
    });
    expect(await screen.findByText('The ban has been updated.')).toBeInTheDocument();
    expect(await screen.findByText('Shoplifting, four times')).toBeInTheDocument();
  });

  it('Edit keeps a location the tree no longer offers', async () => {
    const gone = '88888888-8888-4888-8888-888888888888';
    const { updated } = serveSubject([ban({ locationIds: [ENTRANCE, gone] })]);
    const { user } = renderPage(['SUBJECT_VIEW', 'SUBJECT_EDIT']);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit ban for John Smith' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(updated).toHaveLength(1));
    expect(updated[0]?.body.locationIds).toEqual([ENTRANCE, gone]);
  });

  it('without SUBJECT_EDIT offers Print notice but no Edit', async () => {
    serveSubject([ban()]);
    renderPage(['SUBJECT_VIEW']);
    await screen.findByRole('list', { name: 'Bans' });
    expect(screen.getByRole('button', { name: 'Print notice' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
