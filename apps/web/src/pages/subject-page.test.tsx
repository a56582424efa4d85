// @vitest-environment jsdom
import type { Ban } from '@blotter/shared/schemas/subjects';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
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

const base = `/subjects/person/${PERSON_ID}`;

/** Serves the subject, its timeline and its bans (kept in `bans`); records the bans posted and revoked. */
function serveSubject(bans: Ban[] = [ban()]) {
  const posted: unknown[] = [];
  const revoked: string[] = [];
  server.use(
    http.get(api(base), () => HttpResponse.json(subjectDetail())),
    http.get(api(`${base}/incidents`), () =>
      HttpResponse.json(
        pageOf([
          {
            id: 'inc-7',
            number: 7,
            date: '2026-11-01T15:00:00.000Z',
            status: 2,
            locked: false,
            lastClassId: null,
            lastLocationId: ENTRANCE,
            relations: ['suspect', 'witness'],
            involvementId: null,
          },
        ]),
      ),
    ),
    http.get(api(`${base}/bans`), () => HttpResponse.json(pageOf(bans))),
    // No merge into this record to undo (the merge notices: subject-merge.test.tsx).
    http.get(api(`${base}/merges`), () => HttpResponse.json(pageOf([]))),
    http.post(api(`${base}/bans`), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      if (body.reason === 'refuse me') {
        return HttpResponse.json({ code: 'BAD_REQUEST', message: 'Invalid location id' }, { status: 400 });
      }
      bans.unshift(ban({ id: 'new-ban', reason: String(body.reason), status: 'active' }));
      return HttpResponse.json(bans[0]);
    }),
    http.delete(api('/subjects/bans/:id'), ({ params }) => {
      revoked.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { posted, revoked };
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

describe('SubjectPage (issue 31)', () => {
  it('shows the identity, the bans with their status and locations, and the timeline opening the viewer', async () => {
    serveSubject();
    renderPage(['SUBJECT_VIEW', 'SUBJECT_EDIT']);
    expect(await screen.findByRole('heading', { name: 'John Smith', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Also known as Johnny')).toBeInTheDocument();
    const bans = await screen.findByRole('list', { name: 'Bans' });
    expect(within(bans).getByText('Active')).toBeInTheDocument();
    expect(within(bans).getByText('11/01/2026 – 03/12/2027')).toBeInTheDocument();
    expect(within(bans).getByText(/Locations: North Mall \/ Entrance · Issued by Ada Admin/)).toBeInTheDocument();
    const timeline = await screen.findByRole('list', { name: 'Incidents of the subject' });
    expect(within(timeline).getByRole('link', { name: 'Incident #7' })).toHaveAttribute('href', '/incident/inc-7');
    expect(within(timeline).getByText('Suspect')).toBeInTheDocument();
    expect(within(timeline).getByText('Witness')).toBeInTheDocument();
  });

  it('without SUBJECT_EDIT offers no Add ban, Revoke or notice upload', async () => {
    serveSubject();
    renderPage(['SUBJECT_VIEW']);
    await screen.findByRole('list', { name: 'Bans' });
    expect(screen.queryByRole('button', { name: 'Add ban' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload signed notice' })).not.toBeInTheDocument();
  });

  it('Add ban checks the reason and the end date, shows a refusal, then records the ban', async () => {
    const { posted } = serveSubject();
    const { user } = renderPage(['SUBJECT_VIEW', 'SUBJECT_EDIT']);
    await user.click(await screen.findByRole('button', { name: 'Add ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add ban for John Smith' });
    await user.click(within(dialog).getByRole('button', { name: 'Save ban' }));
    expect(await within(dialog).findByText('A reason is required.')).toBeInTheDocument();
    expect(within(dialog).getByText("An end date is required, or tick 'Indefinite'.")).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'refuse me');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Indefinite (no end date)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save ban' }));
    expect(await within(dialog).findByText('Invalid location id')).toBeInTheDocument();

    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await user.clear(reason);
    await user.type(reason, 'Banned for theft');
    await user.click(within(dialog).getByRole('combobox', { name: 'Locations' }));
    await user.click(await screen.findByRole('option', { name: 'North Mall / Entrance' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save ban' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add ban for John Smith' })).not.toBeInTheDocument(),
    );
    expect(posted.at(-1)).toEqual({
      banType: 'ban',
      reason: 'Banned for theft',
      locationIds: [ENTRANCE],
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      endDate: null,
    });
    expect(await screen.findByText('The ban has been recorded.')).toBeInTheDocument();
    expect(await screen.findByText('Banned for theft')).toBeInTheDocument();
  });

  it('Revoke asks first, then revokes the ban', async () => {
    const { revoked } = serveSubject();
    const { user } = renderPage(['SUBJECT_VIEW', 'SUBJECT_EDIT']);
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke' });
    expect(within(dialog).getByText(/stays in the history as revoked/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoked).toEqual([ban().id]));
    expect(await screen.findByText('The ban has been revoked.')).toBeInTheDocument();
  });

  it('Upload signed notice sends the chosen file and lists the notice', async () => {
    const bans = [ban()];
    serveSubject(bans);
    const uploaded: string[] = [];
    server.use(
      http.post(api('/subjects/bans/:id/notice'), async ({ request, params }) => {
        // Read as text: jsdom's File is not the one Node's FormData parser accepts, and loses its name
        // and bytes on the way through the XMLHttpRequest interceptor; its field and type remain.
        const body = await request.text();
        const type = /name="file"[^\r]*\r\nContent-Type: ([^\r]+)/.exec(body)?.[1] ?? '';
        uploaded.push(`${String(params.id)}:${type}`);
        bans[0] = ban({ notice: { name: 'notice.pdf', url: 'https://files.example/notice.pdf' } });
        return HttpResponse.json(bans[0]);
      }),
    );
    const { user } = renderPage(['SUBJECT_VIEW', 'SUBJECT_EDIT']);
    await user.click(await screen.findByRole('button', { name: 'Upload signed notice' }));
    const file = new File(['%PDF-1.4'], 'notice.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Signed notice file'), file);
    await waitFor(() => expect(uploaded).toEqual([`${ban().id}:application/pdf`]));
    expect(await screen.findByText('The signed notice has been attached.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'notice.pdf' })).toHaveAttribute(
      'href',
      'https://files.example/notice.pdf',
    );
  });

  it('a subject the user may not see (404) shows the not-found page', async () => {
    server.use(
      http.get(api(base), () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: 'Subject not found.' }, { status: 404 }),
      ),
    );
    renderPage(['SUBJECT_VIEW']);
    expect(await screen.findByText('The page does not exist.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Bans' })).not.toBeInTheDocument();
  });
});
