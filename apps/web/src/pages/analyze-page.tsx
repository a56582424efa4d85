import { hasPrivilege } from '@blotter/shared/privileges';
import type { AnalysisChartType, AnalysisRequest } from '@blotter/shared/schemas/analysis';
import DashboardCustomizeIcon from '@mui/icons-material/DashboardCustomize';
import SaveIcon from '@mui/icons-material/Save';
import SummarizeIcon from '@mui/icons-material/Summarize';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { PageContainer } from '../components/page-container';
import { PageLoader } from '../components/page-loader';
import { useDownloadAnalysisExcel } from '../features/analysis/api/download-analysis-excel';
import { analysisRunQueryOptions } from '../features/analysis/api/run-analysis';
import { AnalysisReport } from '../features/analysis/components/analysis-report';
import { type AnalysisLookups, AnalysisWizard } from '../features/analysis/components/analysis-wizard';
import { SaveAnalysisDialog } from '../features/analysis/components/save-analysis-dialog';
import {
  analysisRequest,
  browserClock,
  savedAnalysisBody,
  wizardStateOf,
} from '../features/analysis/model/analysis-request';
import { type SavedAnalysisItem, savedAnalysisFromState } from '../features/analysis/model/saved-analysis-item';
import { initialWizardState, wizardReducer } from '../features/analysis/model/wizard-state';
import { useInitData } from '../lib/api/get-init-data';
import { useSession } from '../lib/auth/session-context';
import { downloadBlob } from '../lib/download';
import { type AnalysisSaveRequest, useSaveAnalysis } from './analyze/use-save-analysis';

/**
 * '/analyze' (spec 2 §2): the six-step wizard, the generated chart (or the .xlsx download) and the
 * saves. Opened with { item, itemType } it edits that saved analysis. Everything is page state:
 * leaving the page resets the wizard.
 */
export default function AnalyzePage() {
  const initData = useInitData();
  // Each arrival starts anew (spec 2 §4 'Leaving the page resets'): Analyze in the menu while a
  // saved analysis is open is a navigation to the same page, which keeps it mounted.
  const { key } = useLocation();
  const lookups = useMemo<AnalysisLookups | undefined>(() => {
    const data = initData.data;
    if (!data) return undefined;
    return {
      dateFormat: data.companySettings.dateFormat,
      classes: data.multipleLookups.incidentClass ?? [],
      locations: data.multipleLookups.location ?? [],
    };
  }, [initData.data]);
  if (initData.isError) return <Alert severity="error">The analysis could not be loaded.</Alert>;
  if (!lookups) return <PageLoader />;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <AnalyzePageContent key={key} lookups={lookups} />
    </LocalizationProvider>
  );
}

interface Run {
  seq: number;
  request: AnalysisRequest;
  title: string;
  chartType: AnalysisChartType;
}

function AnalyzePageContent({ lookups }: { lookups: AnalysisLookups }) {
  const { claims } = useSession();
  const location = useLocation();
  const [loaded, setLoaded] = useState<SavedAnalysisItem | undefined>(() => savedAnalysisFromState(location.state));
  const [state, dispatch] = useReducer(wizardReducer, loaded, (item) =>
    item ? wizardStateOf(item.item) : initialWizardState,
  );
  const [run, setRun] = useState<Run | undefined>(undefined);
  const [saving, setSaving] = useState<(AnalysisSaveRequest & { open: boolean }) | undefined>(undefined);
  const excel = useDownloadAnalysisExcel();
  const saver = useSaveAnalysis((saved) => {
    setSaving((current) => current && { ...current, open: false });
    if (saved) setLoaded(saved);
  });
  const reportRef = useRef<HTMLDivElement | null>(null);
  const runSeq = run?.seq;
  useEffect(() => {
    if (runSeq !== undefined) reportRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [runSeq]);

  const generate = () => {
    dispatch({ type: 'generate' });
    const request = analysisRequest(state, browserClock());
    const title = request.name ?? state.title;
    if (state.chartType === 'excel') {
      setRun(undefined);
      excel.mutate({ request, auditTitle: title }, { onSuccess: (file) => downloadBlob(file.fileName, file.blob) });
      return;
    }
    if (state.chartType === '') return;
    const chartType = state.chartType;
    setRun((current) => ({ seq: (current?.seq ?? 0) + 1, request, title, chartType }));
  };
  const save = (request: AnalysisSaveRequest) => setSaving({ ...request, open: true });
  const tools = state.generated && (
    <>
      {loaded && (
        <Button startIcon={<SaveIcon />} onClick={() => save({ target: loaded.itemType, action: 'update' })}>
          Update
        </Button>
      )}
      <Button
        startIcon={<SummarizeIcon />}
        disabled={!hasPrivilege(claims, 'REPORT_CREATE')}
        onClick={() => save({ target: 'report', action: 'create' })}
      >
        Save to reports
      </Button>
      <Button startIcon={<DashboardCustomizeIcon />} onClick={() => save({ target: 'dashboard', action: 'create' })}>
        Save to dashboard
      </Button>
    </>
  );

  return (
    <PageContainer title="Analyze" subtitle={loaded?.item.name} maxWidth="xl">
      <Stack spacing={3}>
        <AnalysisWizard
          state={state}
          dispatch={dispatch}
          lookups={lookups}
          onGenerate={generate}
          busy={excel.isPending}
          canViewSubjects={hasPrivilege(claims, 'SUBJECT_VIEW')}
        />
        {state.generated && state.chartType === 'excel' && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Alert severity={excel.isError ? 'error' : 'info'} sx={{ flexGrow: 1 }}>
              {excel.isPending
                ? 'Preparing the Excel workbook…'
                : excel.isError
                  ? 'The Excel workbook could not be made.'
                  : 'The Excel workbook was downloaded.'}
            </Alert>
            {tools}
          </Stack>
        )}
        {state.generated && run && state.chartType !== 'excel' && (
          <Box ref={reportRef} sx={{ scrollMarginTop: 80 }}>
            <AnalysisReport
              key={run.seq}
              request={run.request}
              title={run.title}
              chartType={run.chartType}
              queryFor={(request) => analysisRunQueryOptions(run.seq, request)}
              tools={tools}
            />
          </Box>
        )}
      </Stack>
      <SaveAnalysisDialog
        open={Boolean(saving?.open)}
        action={saving?.action ?? 'create'}
        target={saving?.target ?? 'dashboard'}
        initial={{
          name: state.title,
          description: saving?.action === 'update' && loaded ? loaded.item.description : '',
        }}
        busy={saver.busy}
        onCancel={() => setSaving((current) => current && { ...current, open: false })}
        onSave={(fields) => {
          const body = savedAnalysisBody(state, browserClock(), fields);
          if (!saving || !body) return;
          dispatch({ type: 'setTitle', title: fields.name });
          saver.save(saving, body, loaded);
        }}
      />
    </PageContainer>
  );
}
