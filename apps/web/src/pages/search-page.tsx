import { DEBOUNCE } from '@blotter/shared/constants';
import { hasPrivilege } from '@blotter/shared/privileges';
import {
  type CriterionOf,
  DATE_PERIOD_REQUIRED_DAYS,
  DEFAULT_SEARCH_SORT,
  hasCriteria,
  hasDatePeriod,
  INCIDENT_SEARCH_MESSAGES,
  nextSearchSort,
  OWN_INCIDENTS_SEARCH_NOTE,
  type SearchCriteria,
  type SearchKind,
  type SearchSort,
} from '@blotter/shared/schemas/search';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PageContainer } from '../components/page-container';
import { PageLoader } from '../components/page-loader';
import { useColumnState } from '../features/incident-results';
import { nextRunSeq, type SearchRun } from '../features/search/api/search-incidents';
import { CriteriaList } from '../features/search/components/criteria-list';
import { SaveSearchDialog } from '../features/search/components/save-search-dialog';
import { SearchBuilder } from '../features/search/components/search-builder';
import { addCriteria, removeCriterion, sameCriteria, setGroupOperation } from '../features/search/model/criteria-state';
import { lastDaysCriterion } from '../features/search/model/criterion-drafts';
import { newCriterionId } from '../features/search/model/criterion-id';
import type { CriterionLabelContext } from '../features/search/model/criterion-label';
import { choiceToSavedColumns, savedColumnsToChoice } from '../features/search/model/saved-columns';
import { useInitData } from '../lib/api/get-init-data';
import { useSession } from '../lib/auth/session-context';
import { browserTimeZone } from '../lib/browser-time-zone';
import { type SavedItem, savedItemFromState } from './search/saved-item';
import { SearchResults } from './search/search-results';
import { SearchSaveTools } from './search/search-save-tools';
import { StaleResultsNotice } from './search/stale-results-notice';
import { type SaveRequest, useSaveSearch } from './search/use-save-search';

/**
 * What a click on Export or a save does when the results are out of date: the search runs first with
 * the criteria on screen, and the action follows once its results are shown (docs/architecture.md §8).
 */
type AfterRun = { kind: 'export' } | { kind: 'save'; request: SaveRequest };

/** sessionStorage key of the search results' columns (spec 2 §3: the order is kept in the browser session). */
export const SEARCH_COLUMNS_KEY = 'blotter.resultColumns.search';
const DEFAULT_TITLE = 'Search results';

/**
 * '/search' (spec 2 §2): choose a type, add criteria, Search (debounced 200 ms), the results below
 * with their tools, and the saves. Opened with { item, itemType } it edits that saved search.
 * Everything here is page state: leaving the page resets the search.
 */
export default function SearchPage() {
  const initData = useInitData();
  // Each arrival starts anew (spec 2 §4 'Leaving the page resets the search state'): Search in the
  // menu while a saved search is open is a navigation to the same page, which keeps it mounted.
  const { key } = useLocation();
  const context = useMemo<CriterionLabelContext | undefined>(() => {
    const data = initData.data;
    if (!data) return undefined;
    return {
      dateFormat: data.companySettings.dateFormat,
      incidentClasses: data.multipleLookups.incidentClass ?? [],
      locations: data.multipleLookups.location ?? [],
      severities: data.singleLookups.severityType ?? [],
      countries: data.countries,
      states: data.states,
    };
  }, [initData.data]);
  if (initData.isError) return <Alert severity="error">The search could not be loaded.</Alert>;
  if (!context) return <PageLoader />;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <SearchPageContent key={key} context={context} />
    </LocalizationProvider>
  );
}

function SearchPageContent({ context }: { context: CriterionLabelContext }) {
  const { claims } = useSession();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const location = useLocation();
  const [loaded, setLoaded] = useState<SavedItem | undefined>(() => savedItemFromState(location.state));
  const [criteria, setCriteria] = useState<SearchCriteria>(() => loaded?.item.criteria ?? {});
  const [columns, setColumns] = useColumnState(SEARCH_COLUMNS_KEY);
  const [sort, setSort] = useState<SearchSort>(() => loaded?.item.sort ?? DEFAULT_SEARCH_SORT);
  const [run, setRun] = useState<SearchRun | undefined>(undefined);
  const [pending, setPending] = useState<{ seq: number; action: AfterRun } | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [askPeriod, setAskPeriod] = useState<{ action?: AfterRun } | undefined>(undefined);
  const [saving, setSaving] = useState<(SaveRequest & { open: boolean }) | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saver = useSaveSearch((saved) => {
    setSaving((current) => current && { ...current, open: false });
    if (saved) setLoaded(saved);
  });

  // A loaded saved search brings its columns (once, when the page opens with it).
  const loadedColumns = useRef(loaded?.item.columns);
  useEffect(() => {
    const choice = loadedColumns.current && savedColumnsToChoice(loadedColumns.current);
    loadedColumns.current = undefined;
    if (choice) setColumns(choice);
  }, [setColumns]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A new run brings its results into view (they start below the criteria).
  const resultsRef = useRef<HTMLElement | null>(null);
  const runSeq = run?.seq;
  useEffect(() => {
    if (runSeq !== undefined) resultsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [runSeq]);

  const title = loaded?.item.name ?? DEFAULT_TITLE;
  // The results no longer match the criteria on screen (one was added or removed, an AND/OR switched).
  const stale = run !== undefined && !sameCriteria(run.request.criteria, criteria);
  const change = (next: SearchCriteria) => {
    setCriteria(next);
    setProblem(undefined);
  };
  const runSearch = (next: SearchCriteria, action?: AfterRun, order: SearchSort = sort) => {
    const seq = nextRunSeq();
    setRun({ seq, request: { criteria: next, auditTitle: loaded?.item.name ?? 'Search', sort: order } });
    setPending(action && { seq, action });
  };
  const search = (current: SearchCriteria, action?: AfterRun, order: SearchSort = sort) => {
    if (!hasCriteria(current)) return setProblem(INCIDENT_SEARCH_MESSAGES.noCriteria);
    // Spec 2 §4: without an incident number or a date the search asks for a period first.
    if (!hasDatePeriod(current)) return setAskPeriod({ action });
    runSearch(current, action, order);
  };
  const searchSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(criteria), DEBOUNCE.searchButtonMs);
  };
  const addLastDays = () => {
    const action = askPeriod?.action;
    setAskPeriod(undefined);
    const period = lastDaysCriterion(DATE_PERIOD_REQUIRED_DAYS, { newId: newCriterionId, timezone: browserTimeZone() });
    const next = addCriteria(criteria, 'dateOccurred', [period]);
    change(next);
    runSearch(next, action);
  };
  // A header click sorts on the server: a new run of the criteria on screen in the new order.
  const sortBy = (by: SearchSort['by']) => {
    const next = nextSearchSort(sort, by);
    setSort(next);
    search(criteria, undefined, next);
  };
  const openSave = (request: SaveRequest) => {
    if (!hasCriteria(criteria)) return setProblem(INCIDENT_SEARCH_MESSAGES.noCriteria);
    if (stale) return search(criteria, { kind: 'save', request });
    setSaving({ ...request, open: true });
  };
  const shown = (seq: number, startExport: () => void) => {
    if (pending?.seq !== seq) return;
    setPending(undefined);
    if (pending.action.kind === 'export') startExport();
    else setSaving({ ...pending.action.request, open: true });
  };

  return (
    <PageContainer title="Search" subtitle={loaded?.item.name}>
      {!hasPrivilege(claims, 'ALLINCIDENT_SEARCH') && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {OWN_INCIDENTS_SEARCH_NOTE}
        </Alert>
      )}
      <Stack spacing={2}>
        <SearchBuilder
          context={context}
          compact={compact}
          canViewSubjects={hasPrivilege(claims, 'SUBJECT_VIEW')}
          onAdd={<K extends SearchKind>(kind: K, added: CriterionOf<K>[]) => change(addCriteria(criteria, kind, added))}
        />
        <CriteriaList
          criteria={criteria}
          context={context}
          onRemove={(kind, id) => change(removeCriterion(criteria, kind, id))}
          onOperationChange={(kind, operation) => change(setGroupOperation(criteria, kind, operation))}
          onClear={() => change({})}
        />
        {problem && <Alert severity="error">{problem}</Alert>}
        <Box>
          <Button variant="contained" size="large" startIcon={<SearchIcon />} onClick={searchSoon}>
            Search
          </Button>
        </Box>
        {run && (
          <Box component="section" aria-label="Search results" ref={resultsRef} sx={{ scrollMarginTop: 80 }}>
            {stale && <StaleResultsNotice onSearchAgain={() => search(criteria)} />}
            <SearchResults
              key={run.seq}
              run={run}
              title={title}
              columnsStorageKey={SEARCH_COLUMNS_KEY}
              columns={columns}
              onColumnsChange={setColumns}
              onSortChange={sortBy}
              stale={stale}
              onStaleExport={() => search(criteria, { kind: 'export' })}
              onShown={(startExport) => shown(run.seq, startExport)}
              tools={
                <SearchSaveTools
                  canSaveReport={hasPrivilege(claims, 'REPORT_CREATE')}
                  canUpdate={Boolean(loaded)}
                  onSave={openSave}
                  loadedType={loaded?.itemType}
                />
              }
            />
          </Box>
        )}
      </Stack>
      <ConfirmDialog
        open={Boolean(askPeriod)}
        title="Date Period Required"
        message={`Searching needs a date period. Do you want to search the incidents of the last ${DATE_PERIOD_REQUIRED_DAYS} days?`}
        confirmLabel="OK"
        onCancel={() => setAskPeriod(undefined)}
        onConfirm={addLastDays}
      />
      <SaveSearchDialog
        open={Boolean(saving?.open)}
        action={saving?.action ?? 'create'}
        target={saving?.target ?? 'dashboard'}
        initial={
          saving?.action === 'update' && loaded
            ? { name: loaded.item.name, description: loaded.item.description }
            : { name: '', description: '' }
        }
        busy={saver.busy}
        onCancel={() => setSaving((current) => current && { ...current, open: false })}
        onSave={(fields) =>
          saving && saver.save(saving, fields, { criteria, sort, columns: choiceToSavedColumns(columns) }, loaded)
        }
      />
    </PageContainer>
  );
}
