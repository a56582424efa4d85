// @vitest-environment jsdom
import type { MergeCandidate, SubjectMerge } from '@blotter/shared/schemas/subject-merges';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PERSON_ID, pageOf, serveInitData, subjectDetail } from '../features/subjects/test/subject-fixtures';
import { api, server } from '../test/msw-server';
import { renderWithApp, testClaims } from '../test/render';
import SubjectPage from './subject-page';

/*
 * Issue 31 §3 on the subject page: 'Merge duplicates' lists the likely duplicates (and searches
 * the register), confirms naming both records and the incidents that move, merges; the merge then
 * shows as a notice with Unmerge, confirmed first.
 */

const base = `/subjects/person/${PERSON_ID}`;
const DUPLICATE = '55555555-5555-4555-8555-555555555555';
const OTHER = '66666666-6666-4666-8666-666666666666';

const candidate = (overrides: Partial<MergeCandidate> = {}): MergeCandidate => ({
  kind: 'person',
  id: DUPLICATE,
  displayName: 'John Smith',
  detail: 'Red',
  dateOfBirth: '1990-02-03',
  place: 'Toronto, Ontario',
  incidentCount: 2,
  lastSeenDate: '2026-10-01T15:00:00.000Z',
  reason: 'name',
  ...overrides,
});

const mergeOf = (): SubjectMerge => ({
  id: '77777777-7777-4777-8777-777777777777',
  kind: 'person',
  keptId: PERSON_ID,
  mergedId: DUPLICATE,
  mergedName: 'John Smith',
  mergedByName: 'Ada Admin',
  mergedAt: '2026-11-20T10:00:00.000Z',
  undoUntil: '2026-12-20T10:00:00.000Z',
  person: null,
  legalEntity: null,
});

/** Serves the page; records the merges posted and the merges undone. */
function serve(candidates: MergeCandidate[] = [candidate()]) {
  const merged: { url: string; body: unknown }[] = [];
  const undone: string[] = [];
  const searches: string[] = [];
  let merges: SubjectMerge[] = [];
  server.use(
    http.get(api(base), () => HttpResponse.json(subjectDetail())),
    http.get(api(`/subjects/person/${OTHER}`), () =>
      HttpResponse.json(subjectDetail({ id: OTHER, displayName: 'Jon Smyth' })),
    ),
    http.get(api(`/subjects/person/${OTHER}/:list`), () => HttpResponse.json(pageOf([]))),
    http.get(api(`${base}/incidents`), () => HttpResponse.json(pageOf([]))),
    http.get(api(`${base}/bans`), () => HttpResponse.json(pageOf([]))),
    http.get(api(`${base}/merges`), () => HttpResponse.json(pageOf(merges))),
    http.get(api(`${base}/duplicates`), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      searches.push(q);
      if (q) return HttpResponse.json(pageOf([candidate({ id: OTHER, displayName: 'Jon Smyth', reason: 'search' })]));
      return HttpResponse.json(pageOf(candidates));
    }),
    http.post(api('/subjects/person/:id/merge'), async ({ request, params }) => {
      merged.push({ url: String(params.id), body: await request.json() });
      merges = [mergeOf()];
      return HttpResponse.json(mergeOf());
    }),
    http.post(api('/subjects/merges/:id/undo'), ({ params }) => {
      undone.push(String(params.id));
      merges = [];
      return HttpResponse.json({ kind: 'person', id: DUPLICATE, displayName: 'John Smith' });
    }),
  );
  return { merged, undone, searches };
}

/** Where the page stands: after a merge keeping the other record, that record's page. */
function Where() {
  return <p>At {useLocation().pathname}</p>;
}

function renderPage(privileges: string[]) {
  serveInitData();
  return renderWithApp(
    <>
      <Where />
      <Routes>
        <Route path="/subjects/:kind/:id" element={<SubjectPage />} />
      </Routes>
    </>,
    { route: base, claims: testClaims({ admin: false, privileges }) },
  );
}

describe('Merging duplicates on the subject page (issue 31)', () => {
  it('lists the likely duplicates, confirms naming both records and the incidents, merges, then unmerges', async () => {
    const { merged, undone } = serve();
    const { user } = renderPage(['SUBJECT_VIEW', 'SUBJECT_EDIT', 'PRIVACY_INFO_VIEW']);
    await user.click(await screen.findByRole('button', { name: 'Merge duplicates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge duplicates of John Smith' });
    const list = await within(dialog).findByRole('list', { name: 'Records to merge' });
    expect(within(list).getByText('Same name')).toBeInTheDocument();
    expect(
      within(list).getByText('“Red” · Born 02/03/1990 · Toronto, Ontario · 2 incidents · last seen 10/01/2026'),
    ).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Choose John Smith' }));

    const confirm = await screen.findByRole('dialog', { name: 'Merge two records?' });
    expect(
      within(confirm).getByText(
        'The chosen record, John Smith, will be merged into this record, John Smith. Its 2 incidents and any bans move to the record kept, and it leaves the register. You can undo the merge for 30 days.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Merge two records?' })).not.toBeInTheDocument());
    expect(merged).toEqual([{ url: PERSON_ID, body: { mergedId: DUPLICATE } }]);

    // The notice of the merge, with Unmerge confirmed first.
    const notice = await screen.findByText(/Merged John Smith on 11\/20\/2026 by Ada Admin/);
    expect(notice).toHaveTextContent('It can be undone until 12/20/2026.');
    await user.click(screen.getByRole('button', { name: 'Unmerge' }));
    const unmerge = await screen.findByRole('dialog', { name: 'Unmerge?' });
    expect(
      within(unmerge).getByText(
        'John Smith comes back to the register as a separate record, with the incidents and bans that moved to John Smith when they were merged.',
      ),
    ).toBeInTheDocument();
    await user.click(within(unmerge).getByRole('button', { name: 'Unmerge' }));
    await waitFor(() => expect(screen.queryByText(/by Ada Admin/)).not.toBeInTheDocument());
    expect(await screen.findByText('John Smith is back in the register as a separate record.')).toBeInTheDocument();
    expect(undone).toEqual(['77777777-7777-4777-8777-777777777777']);
  });

  it('searches the register by name, and can keep the chosen record instead (then opens it)', async () => {
    const { merged, searches } = serve([]);
    const { user } = renderPage(['SUBJECT_VIEW', 'SUBJECT_EDIT']);
    await user.click(await screen.findByRole('button', { name: 'Merge duplicates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge duplicates of John Smith' });
    expect(
      await within(dialog).findByText('No likely duplicate found. Search the register by name.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Search the register by name' }), 'smyth');
    await user.click(await within(dialog).findByRole('button', { name: 'Choose Jon Smyth' }));
    expect(searches).toContain('smyth');
    const confirm = await screen.findByRole('dialog', { name: 'Merge two records?' });
    await user.click(within(confirm).getByRole('radio', { name: /The chosen record: Jon Smyth/ }));
    expect(
      within(confirm).getByText(
        /^This record, John Smith, will be merged into the chosen record, Jon Smyth\. Its 3 incidents/,
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText(`At /subjects/person/${OTHER}`)).toBeInTheDocument();
    expect(merged).toEqual([{ url: OTHER, body: { mergedId: PERSON_ID } }]);
  });

  it('says when private details of the candidates are hidden', async () => {
    serve([candidate({ dateOfBirth: '', place: '', privateHidden: true })]);
    const { user } = renderPage(['SUBJECT_VIEW', 'SUBJECT_EDIT']);
    await user.click(await screen.findByRole('button', { name: 'Merge duplicates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge duplicates of John Smith' });
    expect(await within(dialog).findByText('“Red” · 2 incidents · last seen 10/01/2026')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Dates of birth and places are hidden: they need the privacy information privilege.'),
    ).toBeInTheDocument();
  });

  it('without SUBJECT_EDIT offers no merge and no unmerge, yet shows the merge', async () => {
    serve();
    server.use(http.get(api(`${base}/merges`), () => HttpResponse.json(pageOf([mergeOf()]))));
    renderPage(['SUBJECT_VIEW']);
    expect(await screen.findByText(/Merged John Smith on 11\/20\/2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Merge duplicates' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unmerge' })).not.toBeInTheDocument();
  });
});
