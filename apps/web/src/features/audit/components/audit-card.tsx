import { DATE_FORMAT, LIMITS } from '@blotter/shared/constants';
import type { AuditEntry } from '@blotter/shared/schemas/audit';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { useInitData } from '../../../lib/api/get-init-data';
import { type AuditPageParams, useAudits } from '../api/get-audits';
import { defaultAuditRange, rangeProblem } from '../model/audit-dates';
import { AuditCheckpointActions } from './audit-checkpoint-actions';
import type { AuditDescribers } from './audit-describers';
import { AuditDetailDialog } from './audit-detail-dialog';
import { type AuditFilter, type AuditRange, AuditSearchBar } from './audit-search-bar';
import { AuditTable } from './audit-table';
import { ChainStatus } from './chain-status';

/**
 * The Audit card of /administration (spec 3 §2, §4; AUDIT_VIEW): the entries of the searched range
 * (one month back to today at first), 10 a page from the server, filtered by audit type or user
 * (a filter change returns to page 0), each with its detail, and the chain status line.
 */
export function AuditCard({ describers }: { describers: AuditDescribers }) {
  const dateFormat = useInitData().data?.companySettings.dateFormat ?? DATE_FORMAT.DMY;
  const [range, setRange] = useState<AuditRange>(() => defaultAuditRange());
  const [searched, setSearched] = useState<AuditRange>(range);
  const [run, setRun] = useState(0);
  const [filter, setFilter] = useState<AuditFilter>({ by: 'none' });
  const [page, setPage] = useState(0);
  const [detail, setDetail] = useState<AuditEntry>();
  const problem = rangeProblem(range);

  const params: AuditPageParams = {
    ...searched,
    objectType: filter.by === 'type' && filter.type ? filter.type : undefined,
    createUserId: filter.by === 'user' && filter.userId ? filter.userId : undefined,
    p: page,
    psz: LIMITS.pageSize,
  };
  const audits = useAudits(params, run);

  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <Stack spacing={2}>
        <AuditSearchBar
          range={range}
          onRangeChange={setRange}
          problem={problem}
          onSearch={() => {
            setSearched(range);
            setPage(0);
            setRun((current) => current + 1);
          }}
          filter={filter}
          onFilterChange={(next) => {
            setFilter(next);
            setPage(0);
          }}
          dateFormat={dateFormat}
        />
        <ChainStatus run={run} dateFormat={dateFormat} />
        <AuditCheckpointActions dateFormat={dateFormat} />
        {audits.isError && <Alert severity="error">The audit entries could not be loaded.</Alert>}
        {audits.data ? (
          <AuditTable page={audits.data} dateFormat={dateFormat} onPageChange={setPage} onDetail={setDetail} />
        ) : (
          !audits.isError && <PageLoader />
        )}
      </Stack>
      <AuditDetailDialog entry={detail} describers={describers} onClose={() => setDetail(undefined)} />
    </LocalizationProvider>
  );
}
