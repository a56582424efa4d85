// @vitest-environment jsdom
import type { SearchCount, SearchResultsPage } from '@blotter/shared/schemas/search';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { SearchRun } from '../../features/search/api/search-incidents';
import { api, server } from '../../test/msw-server';
import { renderWithApp } from '../../test/render';
import { SearchFoundLine } from './search-found-line';
import { useSearchTotal } from './use-search-total';

const run: SearchRun = {
  seq: 1,
  request: { criteria: { person: { logicalOperation: 'OR', values: [{ id: 'p', lastName: 'tran' }] } } },
};
/** A first page whose reading did not tell the total (the search page's rows-first call). */
const firstPage: SearchResultsPage = { items: [], page: 0, pageSize: 10, total: null, totalCapped: false };

/** The status line as the search results wire it, over the page given (or, after 'Back', the first page). */
function Line({ page = firstPage }: { page?: SearchResultsPage }) {
  const [shown, setShown] = useState(page);
  return (
    <>
      <SearchFoundLine total={useSearchTotal(run, shown)} />
      <button type="button" onClick={() => setShown(firstPage)}>
        Back
      </button>
    </>
  );
}

/**
 * Answers the count calls: the quick count with `quick`, the exact one (exact: true) with `exact`
 * once `release` is called (so the test sees it counting). Keeps each request's body.
 */
function answerCounts(quick: SearchCount, exact: SearchCount | 'error') {
  const bodies: unknown[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.post(api('/incidents/search/count'), async ({ request }) => {
      const body = (await request.json()) as { exact?: boolean };
      bodies.push(body);
      if (!body.exact) return HttpResponse.json(quick);
      await held;
      return exact === 'error'
        ? HttpResponse.json({ code: 'INTERNAL', message: 'failed' }, { status: 500 })
        : HttpResponse.json(exact);
    }),
  );
  return { bodies, release: () => release() };
}

const status = () => screen.getByRole('status');

describe('the search status line (issue 29: a quick total, the exact figure on demand)', () => {
  it("shows '1,000+ incidents found' with Count all, which counts exactly and shows the figure", async () => {
    const counts = answerCounts({ total: 1000, totalCapped: true }, { total: 7943, totalCapped: false });
    const { user } = renderWithApp(<Line />);
    expect(status()).toHaveTextContent('Counting…');
    await waitFor(() => expect(status()).toHaveTextContent('1,000+ incidents found'));
    await user.click(screen.getByRole('button', { name: 'Count all' }));
    const counting = await screen.findByRole('button', { name: 'Counting…' });
    expect(counting).toBeDisabled();
    expect(status()).toHaveTextContent('1,000+ incidents found');
    counts.release();
    await waitFor(() => expect(status()).toHaveTextContent('7,943 incidents found'));
    expect(screen.queryByRole('button', { name: /Count/ })).not.toBeInTheDocument();
    expect(counts.bodies).toEqual([
      { criteria: run.request.criteria },
      { criteria: run.request.criteria, exact: true },
    ]);
  });

  it("shows '10,000+' when the exact count is capped too, with nothing more to ask", async () => {
    const counts = answerCounts({ total: 1000, totalCapped: true }, { total: 10_000, totalCapped: true });
    counts.release();
    const { user } = renderWithApp(<Line />);
    await user.click(await screen.findByRole('button', { name: 'Count all' }));
    await waitFor(() => expect(status()).toHaveTextContent('10,000+ incidents found'));
    expect(screen.queryByRole('button', { name: /Count/ })).not.toBeInTheDocument();
  });

  it('offers Count all again when the exact count fails', async () => {
    const counts = answerCounts({ total: 1000, totalCapped: true }, 'error');
    counts.release();
    const { user } = renderWithApp(<Line />);
    await user.click(await screen.findByRole('button', { name: 'Count all' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The total could not be counted.');
    expect(screen.getByRole('button', { name: 'Count all' })).toBeEnabled();
    expect(status()).toHaveTextContent('1,000+ incidents found');
  });

  it('offers no Count all for an exact total, a capped 10,000 or a total the page told', async () => {
    answerCounts({ total: 12, totalCapped: false }, 'error');
    const exact = renderWithApp(<Line />);
    await waitFor(() => expect(status()).toHaveTextContent('12 incidents found'));
    expect(screen.queryByRole('button', { name: 'Count all' })).not.toBeInTheDocument();
    exact.unmount();

    answerCounts({ total: 10_000, totalCapped: true }, 'error');
    const capped = renderWithApp(<Line />);
    await waitFor(() => expect(status()).toHaveTextContent('10,000+ incidents found'));
    expect(screen.queryByRole('button', { name: 'Count all' })).not.toBeInTheDocument();
    capped.unmount();

    // A short page tells the total: it wins over the quick count, and stays when paging back.
    answerCounts({ total: 1000, totalCapped: true }, 'error');
    const { user } = renderWithApp(<Line page={{ ...firstPage, page: 100, total: 1004 }} />);
    expect(status()).toHaveTextContent('1,004 incidents found');
    expect(screen.queryByRole('button', { name: 'Count all' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(status()).toHaveTextContent('1,004 incidents found');
  });

  it('takes an empty page past the first as the end: the rows before it are the whole list', async () => {
    answerCounts({ total: 1000, totalCapped: true }, 'error');
    // Next from the full page 123 ('1,221–1,230 of 1,000+') found nothing more.
    const { user } = renderWithApp(<Line page={{ ...firstPage, page: 123 }} />);
    expect(status()).toHaveTextContent('1,230 incidents found');
    expect(screen.queryByRole('button', { name: 'Count all' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(status()).toHaveTextContent('1,230 incidents found');
  });
});
