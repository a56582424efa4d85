import type { SubjectRow } from '@blotter/shared/schemas/subjects';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageContainer } from '../components/page-container';
import { SUBJECT_PAGE_SIZE, useSubjectPage } from '../features/subjects/api/subjects-api';
import { SubjectsList } from '../features/subjects/components/subjects-list';
import { KIND_FILTERS, kindOf } from '../features/subjects/model/subject-labels';
import { useInitData } from '../lib/api/get-init-data';
import { useDebouncedValue } from '../lib/use-debounced-value';

const SEARCH_DELAY_MS = 300;

/** A whole number from the address, else the fallback. */
function numberParam(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const parsed = Number(value);
  return value !== null && Number.isInteger(parsed) && parsed >= 0 && parsed <= max ? parsed : fallback;
}

/**
 * '/subjects' (issue 31): the company's persons, companies and vehicles, searched by name or plate,
 * filtered by kind, paged on the server; the search, kind and page are kept in the address.
 */
export default function SubjectsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const kind = kindOf(params.get('kind'));
  const p = numberParam(params.get('p'), 0);
  const psz = numberParam(params.get('psz'), SUBJECT_PAGE_SIZE, 100) || SUBJECT_PAGE_SIZE;
  const [text, setText] = useState(q);
  const typed = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const initData = useInitData();
  const subjects = useSubjectPage({ q, kind, p, psz });

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  // The debounced search text goes to the address, back to the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text starts over.
  useEffect(() => {
    if (typed !== q) update({ q: typed, p: undefined });
  }, [typed]);

  // Back and Forward change the address: the box shows the search it holds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new address search is copied.
  useEffect(() => {
    if (text.trim() !== q) setText(q);
  }, [q]);

  const open = (row: SubjectRow) => navigate(`/subjects/${row.kind}/${row.id}`);
  const dateFormat = initData.data?.companySettings.dateFormat ?? 0;
  const searching = q !== '' || kind !== undefined;

  return (
    <PageContainer
      title="Subjects"
      subtitle="The persons, companies and vehicles of your incidents, their history and bans."
    >
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 1, alignItems: { md: 'center' } }}>
          <TextField
            label="Search"
            placeholder="Name, alias or plate"
            value={text}
            onChange={(event) => setText(event.target.value)}
            size="small"
            sx={{ flexGrow: 1, maxWidth: { md: 420 } }}
            slotProps={{
              htmlInput: { maxLength: 100 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
          />
          <ToggleButtonGroup
            exclusive
            size="small"
            aria-label="Kind"
            value={kind ?? 'all'}
            onChange={(_event, value: string | null) => {
              if (value) update({ kind: value === 'all' ? undefined : value, p: undefined });
            }}
            sx={{ flexWrap: 'wrap' }}
          >
            {KIND_FILTERS.map((filter) => (
              <ToggleButton key={filter.value} value={filter.value}>
                {filter.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        {subjects.isFetching && <LinearProgress aria-label="Loading subjects" />}
        {subjects.isError && <Alert severity="error">{subjects.error.message}</Alert>}
        {subjects.data && (
          <SubjectsList
            page={subjects.data}
            dateFormat={dateFormat}
            emptyText={
              searching
                ? 'No subject matches this search.'
                : 'No subjects yet: the persons, companies and vehicles of your incidents appear here.'
            }
            onOpen={open}
            onPageChange={(next) => update({ p: String(next), psz: String(psz) })}
            dimmed={subjects.isPlaceholderData}
          />
        )}
      </Paper>
    </PageContainer>
  );
}
