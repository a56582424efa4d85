// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { useListPage, useTablePaging } from '../hooks/use-list-page';
import { ResultsTable } from './results-table';

interface Row {
  id: string;
}

/** A table over a list of `total` rows (capped or not) as the search results page it, with a way to jump to a page. */
function Pager({ total, capped }: { total: number; capped: boolean }) {
  const listPage = useListPage();
  const paging = useTablePaging(listPage, total, capped);
  const rows = Array.from({ length: listPage.pageSize }, (_, n) => ({ id: `r${listPage.page}-${n}` }));
  return (
    <>
      <button type="button" onClick={() => listPage.setPage(150)}>
        Jump
      </button>
      <ResultsTable<Row>
        label="Results"
        rows={rows}
        paging={paging}
        columns={[{ id: 'id', header: 'Id', text: (row) => row.id }]}
        rowKey={(row) => row.id}
        actions={() => null}
        emptyText="None"
      />
    </>
  );
}

const next = () => screen.getByRole('button', { name: 'Go to next page' });

describe('the pager of a capped total (issue 29)', () => {
  it("reads '1–10 of 1,000+', keeps Next enabled and pages past the cap", async () => {
    const { user } = renderWithApp(<Pager total={1000} capped />);
    expect(screen.getByText('1–10 of 1,000+')).toBeInTheDocument();
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(screen.getByText('11–20 of 1,000+')).toBeInTheDocument();
    // Far past the cap: not moved back to the capped total's last page.
    await user.click(screen.getByRole('button', { name: 'Jump' }));
    expect(screen.getByText('1501–1510 of more than 1510')).toBeInTheDocument();
    expect(next()).toBeEnabled();
  });

  it('ends at the last page of an exact total', async () => {
    const { user } = renderWithApp(<Pager total={1000} capped={false} />);
    expect(screen.getByText('1–10 of 1000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Jump' }));
    expect(await screen.findByText('991–1000 of 1000')).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });
});
