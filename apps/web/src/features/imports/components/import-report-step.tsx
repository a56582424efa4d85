import type { ImportDetail, ImportRowOutcome } from '@blotter/shared/schemas/imports';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CountCard } from '../../../components/count-card';
import { downloadImportReport } from '../api/download-import-report';
import { count } from '../model/import-steps';
import { ImportProgress } from './import-progress';
import { ImportRowsTable } from './import-rows-table';

const REPORT_TABS: readonly ImportRowOutcome[] = ['created', 'skipped', 'refused'];
const TAB_LABELS: Record<ImportRowOutcome, string> = { created: 'Created', skipped: 'Skipped', refused: 'Refused' };

interface StepProps {
  detail: ImportDetail;
  onNewImport: () => void;
}

/** Import: its progress, then the report (created, skipped, refused), paged, and its CSV. */
export function ImportReportStep({ detail, onNewImport }: StepProps) {
  const [outcome, setOutcome] = useState<ImportRowOutcome>('created');
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const counts = detail.counts;
  const download = async () => {
    setDownloadError(null);
    setDownloading(true);
    try {
      await downloadImportReport(detail.id, `${detail.fileName.replace(/\.[^.]+$/, '')}-report.csv`);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : 'The report could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack spacing={2}>
      {detail.status === 'importing' && <ImportProgress detail={detail} verb="Imported" />}
      {detail.status === 'failed' && (
        <Alert severity="error">
          The import stopped: {detail.error ?? 'unknown error'}. The rows stored before it stopped stay imported;
          running the import again skips them.
        </Alert>
      )}
      {detail.status === 'done' && counts && (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 260px))', gap: 2 }}>
            <CountCard title="Created" count={count(counts.created)} />
            <CountCard title="Skipped (imported before)" count={count(counts.skipped)} />
            <CountCard title="Refused" count={count(counts.refused)} />
          </Box>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={download} loading={downloading}>
              Download report (CSV)
            </Button>
            <Link component={RouterLink} to="/search">
              Find them in Search
            </Link>
          </Box>
          {downloadError && <Alert severity="error">{downloadError}</Alert>}
          <Tabs
            value={outcome}
            onChange={(_event, next: ImportRowOutcome) => setOutcome(next)}
            aria-label="Rows by outcome"
          >
            {REPORT_TABS.map((item) => (
              <Tab key={item} value={item} label={TAB_LABELS[item]} />
            ))}
          </Tabs>
          <ImportRowsTable
            key={outcome}
            importId={detail.id}
            outcome={outcome}
            label={`${TAB_LABELS[outcome]} rows`}
            emptyText="No rows."
          />
        </>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onNewImport} disabled={detail.status === 'importing'}>
          New import
        </Button>
      </Box>
    </Stack>
  );
}
