// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageOf, serveInitData, subjectRow } from '../features/subjects/test/subject-fixtures';
import { api, server } from '../test/msw-server';
import { renderWithApp, testClaims } from '../test/render';
import SubjectsPage from './subjects-page';

/** Answers GET /subjects with 25 persons, 10 a page, filtered by q; keeps each request's query. */
function serveSubjects() {
  const asked: URLSearchParams[] = [];
  const all = Array.from({ length: 25 }, (_, index) =>
    subjectRow(
      index + 1,
      index === 0
        ? {
            activeBan: 'trespass',
            incidentCount: 4,
            latestIncident: { id: 'i1', number: 42, date: '2026-11-05T12:00:00.000Z' },
          }
        : {},
    ),
  );
  server.use(
    http.get(api('/subjects'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const q = query.get('q') ?? '';
      const p = Number(query.get('p'));
      const psz = Number(query.get('psz'));
      const found = all.filter((row) => row.displayName.includes(q));
      return HttpResponse.json(pageOf(found.slice(p * psz, (p + 1) * psz), found.length, p, psz));
    }),
  );
  return asked;
}

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(route = '/subjects') {
  serveInitData();
  return renderWithApp(
    <Routes>
      <Route
        path="/subjects"
        element={
          <>
            <SubjectsPage />
            <Address />
          </>
        }
      />
      <Route path="/subjects/:kind/:id" element={<Address />} />
    </Routes>,
    { route, claims: testClaims({ admin: false, privileges: ['SUBJECT_VIEW'] }) },
  );
}

describe('SubjectsPage (issue 31)', () => {
  it('lists a page of subjects with the ban badge, the latest incident in the company format, and pages on the server', async () => {
    const asked = serveSubjects();
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Subjects' });
    const first = within(table).getByRole('link', { name: 'Person 1' }).closest('tr') as HTMLElement;
    expect(within(first).getByText('Trespass notice')).toBeInTheDocument();
    expect(within(first).getByText('#42 · 11/05/2026')).toBeInTheDocument();
    expect(within(first).getByText('4')).toBeInTheDocument();
    expect(within(table).queryByText('Person 11')).not.toBeInTheDocument();
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(table).findByText('Person 11')).toBeInTheDocument();
    expect(asked.at(-1)?.get('p')).toBe('1');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('p=1');
  });

  it('searches by the typed text after a pause, from the first page, and says when nothing matches', async () => {
    const asked = serveSubjects();
    const { user } = renderPage('/subjects?p=1&psz=10');
    await screen.findByText('Person 11');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Person 2');
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('Person 2'));
    expect(asked.at(-1)?.get('p')).toBe('0');
    expect(await screen.findByText('Person 20')).toBeInTheDocument();
    expect(screen.queryByText('Person 11')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No subject matches this search.')).toBeInTheDocument();
  });

  it('filters by kind and opens a subject from its row', async () => {
    const asked = serveSubjects();
    const { user } = renderPage();
    await screen.findByText('Person 3');
    await user.click(screen.getByRole('button', { name: 'Vehicles' }));
    await waitFor(() => expect(asked.at(-1)?.get('kind')).toBe('vehicle'));
    await user.click(screen.getByText('Person 3'));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(`/subjects/person/${subjectRow(3).id}`);
  });
});
