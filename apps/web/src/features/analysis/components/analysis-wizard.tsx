import { ANALYSIS_FREQUENCIES, ANALYSIS_LIMITS, ANALYSIS_REPORT_TYPES } from '@blotter/shared/schemas/analysis';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FREQUENCY_LABELS, REPORT_TYPE_LABELS } from '../model/period-label';
import {
  canGenerate,
  canGoNext,
  canReach,
  LAST_STEP,
  STEP,
  WIZARD_STEPS,
  type WizardAction,
  type WizardState,
} from '../model/wizard-state';
import { ChoiceStep } from './choice-step';
import { LookupStep } from './lookup-step';
import { PeriodStep } from './period-step';
import { WizardSummary } from './wizard-summary';

export interface AnalysisLookups {
  dateFormat: number;
  classes: readonly LookupNode[];
  locations: readonly LookupNode[];
}

interface AnalysisWizardProps {
  state: WizardState;
  dispatch: (action: WizardAction) => void;
  lookups: AnalysisLookups;
  onGenerate: () => void;
  /** An excel download is under way. */
  busy?: boolean;
  /** SUBJECT_VIEW: the repeat subjects frequency is offered (issue 31). */
  canViewSubjects?: boolean;
}

/** The frequencies offered: repeat subjects only to who may view subjects. */
export const offeredFrequencies = (canViewSubjects: boolean) =>
  ANALYSIS_FREQUENCIES.filter((frequency) => frequency !== 'repeatSubjects' || canViewSubjects);

/**
 * The six-step analysis wizard (spec 2 §2, §4): the stepper, the active step's form, Back, Next,
 * Generate and Clear, and the summary of every choice beside it.
 */
export function AnalysisWizard({
  state,
  dispatch,
  lookups,
  onGenerate,
  busy = false,
  canViewSubjects = false,
}: AnalysisWizardProps) {
  const step = state.activeStep;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(240px, 1fr)' } }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stepper nonLinear activeStep={step} alternativeLabel sx={{ mb: 3 }} aria-label="Analysis steps">
          {WIZARD_STEPS.map((label, index) => (
            <Step key={label} completed={false}>
              <StepButton onClick={() => dispatch({ type: 'goTo', step: index })} disabled={!canReach(state, index)}>
                {label}
              </StepButton>
            </Step>
          ))}
        </Stepper>
        <Box component="section" aria-label={WIZARD_STEPS[step]} sx={{ minHeight: 220 }}>
          <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
            {WIZARD_STEPS[step]}
          </Typography>
          {step === STEP.period && (
            <PeriodStep
              dateFormat={lookups.dateFormat}
              count={state.periods.length}
              onAdd={(period) => dispatch({ type: 'addPeriod', period })}
            />
          )}
          {step === STEP.frequency && (
            <ChoiceStep
              label="Count the incidents by"
              options={offeredFrequencies(canViewSubjects)}
              labels={FREQUENCY_LABELS}
              value={state.frequency}
              onChange={(frequency) => dispatch({ type: 'setFrequency', frequency })}
            />
          )}
          {step === STEP.incidentClass && (
            <LookupStep
              noun="Incident class"
              tree={lookups.classes}
              selected={state.classes}
              onAdd={(id) => dispatch({ type: 'addLookup', kind: 'classes', id })}
              onRemove={(id) => dispatch({ type: 'removeLookup', kind: 'classes', id })}
            />
          )}
          {step === STEP.location && (
            <LookupStep
              noun="Location"
              tree={lookups.locations}
              selected={state.locations}
              onAdd={(id) => dispatch({ type: 'addLookup', kind: 'locations', id })}
              onRemove={(id) => dispatch({ type: 'removeLookup', kind: 'locations', id })}
            />
          )}
          {step === STEP.reportType && (
            <ChoiceStep
              label="Report type"
              options={ANALYSIS_REPORT_TYPES}
              labels={REPORT_TYPE_LABELS}
              value={state.chartType}
              onChange={(chartType) => dispatch({ type: 'setChartType', chartType })}
            />
          )}
          {step === STEP.title && (
            <TextField
              label="Title"
              required
              value={state.title}
              onChange={(event) => dispatch({ type: 'setTitle', title: event.target.value })}
              error={state.title.trim() === ''}
              helperText={state.title.trim() === '' ? 'Please enter a title.' : undefined}
              slotProps={{ htmlInput: { maxLength: ANALYSIS_LIMITS.title } }}
              sx={{ maxWidth: 480 }}
              fullWidth
            />
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
          <Button onClick={() => dispatch({ type: 'back' })} disabled={step === 0}>
            Back
          </Button>
          <Button
            variant="outlined"
            onClick={() => dispatch({ type: 'next' })}
            disabled={!canGoNext(state) || step === LAST_STEP}
          >
            Next
          </Button>
          <Button variant="contained" onClick={onGenerate} disabled={!canGenerate(state) || busy}>
            Generate
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button color="inherit" onClick={() => dispatch({ type: 'clear' })}>
            Clear
          </Button>
        </Stack>
      </Paper>
      <WizardSummary
        state={state}
        dateFormat={lookups.dateFormat}
        classes={lookups.classes}
        locations={lookups.locations}
        dispatch={dispatch}
      />
    </Box>
  );
}
