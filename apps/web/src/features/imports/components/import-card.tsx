import type { ImportDetail } from '@blotter/shared/schemas/imports';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { useInitData } from '../../../lib/api/get-init-data';
import { queryKeys } from '../../../lib/query-keys';
import { useImport } from '../api/get-import';
import { useImportFields } from '../api/get-import-fields';
import { IMPORT_STEPS, type ImportStep, STATUS_LABELS, stepOfStatus } from '../model/import-steps';
import { ColumnMappingStep } from './column-mapping-step';
import { DryRunStep } from './dry-run-step';
import { ImportReportStep } from './import-report-step';
import { ImportsList } from './imports-list';
import { PreviewStep } from './preview-step';
import { UploadDropZone } from './upload-drop-zone';
import { ValueMappingStep } from './value-mapping-step';

function ImportStepper({ step }: { step: ImportStep }) {
  return (
    <Stepper activeStep={step} aria-label="Import steps" sx={{ mb: 3 }}>
      {IMPORT_STEPS.map((label) => (
        <Step key={label}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

/**
 * Administration → Import (issue 32 §1, INCIDENT_IMPORT): upload a spreadsheet, map its columns and
 * values, preview, dry run, then import, with the earlier imports listed under the upload.
 */
export default function ImportCard() {
  const [openId, setOpenId] = useState<string | null>(null);
  const initData = useInitData();
  const dateFormat = initData.data?.companySettings.dateFormat ?? 1;
  if (openId) return <ImportWizard key={openId} id={openId} onClose={() => setOpenId(null)} />;
  return (
    <Box>
      <ImportStepper step={0} />
      <UploadDropZone onUploaded={(detail) => setOpenId(detail.id)} />
      <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 500, mt: 3, mb: 1 }}>
        Earlier imports
      </Typography>
      <ImportsList dateFormat={dateFormat} onOpen={setOpenId} />
    </Box>
  );
}

/** One import through its steps; it opens at the step its status has reached. */
function ImportWizard({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useImport(id);
  const fields = useImportFields();
  const [step, setStep] = useState<ImportStep | undefined>(undefined);
  const status = detail.data?.status;
  useEffectOnDone(status);
  if (detail.isError) return <Alert severity="error">{detail.error.message}</Alert>;
  if (fields.isError) return <Alert severity="error">{fields.error.message}</Alert>;
  if (!detail.data || !fields.data) return <PageLoader />;
  const current = step ?? stepOfStatus(detail.data.status);
  return (
    <Box>
      <ImportStepper step={current} />
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{detail.data.fileName}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {STATUS_LABELS[detail.data.status]}
        </Typography>
        <Button size="small" onClick={onClose} sx={{ ml: 'auto' }}>
          All imports
        </Button>
      </Box>
      <WizardStep step={current} detail={detail.data} fields={fields.data} go={setStep} onClose={onClose} />
    </Box>
  );
}

/** When an import is done, the lookups it created and the incidents it stored are read again. */
function useEffectOnDone(status: ImportDetail['status'] | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (status !== 'done') return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.commons.initData });
    void queryClient.invalidateQueries({ queryKey: queryKeys.imports.list });
  }, [status, queryClient]);
}

interface WizardStepProps {
  step: ImportStep;
  detail: ImportDetail;
  fields: Parameters<typeof ColumnMappingStep>[0]['fields'];
  go: (step: ImportStep) => void;
  onClose: () => void;
}

function WizardStep({ step, detail, fields, go, onClose }: WizardStepProps) {
  switch (step) {
    case 0:
    case 1:
      return <ColumnMappingStep detail={detail} fields={fields} onBack={onClose} onSaved={() => go(2)} />;
    case 2:
      return <ValueMappingStep detail={detail} onBack={() => go(1)} onSaved={() => go(3)} />;
    case 3:
      return <PreviewStep detail={detail} onBack={() => go(2)} onStarted={() => go(4)} />;
    case 4:
      return <DryRunStep detail={detail} onBackToMapping={() => go(1)} onStarted={() => go(5)} />;
    case 5:
      return <ImportReportStep detail={detail} onNewImport={onClose} />;
  }
}
