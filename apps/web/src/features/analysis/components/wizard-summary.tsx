import { lookupPathText } from '@blotter/shared/presentation';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { FREQUENCY_LABELS, periodLabel, REPORT_TYPE_LABELS } from '../model/period-label';
import { canReach, STEP, WIZARD_STEPS, type WizardAction, type WizardState } from '../model/wizard-state';

interface WizardSummaryProps {
  state: WizardState;
  dateFormat: number;
  classes: readonly LookupNode[];
  locations: readonly LookupNode[];
  dispatch: (action: WizardAction) => void;
}

interface Entry {
  key: string;
  text: string;
  onDelete?: () => void;
}

/**
 * The side summary of every choice (spec 2 §2): a click on an entry opens its step; deleting a
 * period, class or location opens that step too (the reducer moves there).
 */
export function WizardSummary({ state, dateFormat, classes, locations, dispatch }: WizardSummaryProps) {
  const sections: { step: number; entries: Entry[] }[] = [
    {
      step: STEP.period,
      entries: state.periods.map((period) => ({
        key: period.id,
        text: periodLabel(period, dateFormat),
        onDelete: () => dispatch({ type: 'removePeriod', id: period.id }),
      })),
    },
    {
      step: STEP.frequency,
      entries: state.frequency ? [{ key: 'frequency', text: FREQUENCY_LABELS[state.frequency] }] : [],
    },
    {
      step: STEP.incidentClass,
      entries: state.classes.map((id) => ({
        key: id,
        text: lookupPathText(classes, id),
        onDelete: () => dispatch({ type: 'removeLookup', kind: 'classes', id }),
      })),
    },
    {
      step: STEP.location,
      entries: state.locations.map((id) => ({
        key: id,
        text: lookupPathText(locations, id),
        onDelete: () => dispatch({ type: 'removeLookup', kind: 'locations', id }),
      })),
    },
    {
      step: STEP.reportType,
      entries: state.chartType ? [{ key: 'type', text: REPORT_TYPE_LABELS[state.chartType] }] : [],
    },
    { step: STEP.title, entries: state.title.trim() ? [{ key: 'title', text: state.title.trim() }] : [] },
  ];
  return (
    <Paper variant="outlined" component="aside" aria-label="Summary">
      <List dense disablePadding>
        {sections.map(({ step, entries }) => (
          <SummarySection key={step} title={WIZARD_STEPS[step] ?? ''}>
            {entries.length === 0 ? (
              <ListItem disablePadding>
                <ListItemButton onClick={() => dispatch({ type: 'goTo', step })} disabled={!canReach(state, step)}>
                  <ListItemText
                    secondary={step === STEP.incidentClass || step === STEP.location ? 'All' : 'Not chosen'}
                  />
                </ListItemButton>
              </ListItem>
            ) : (
              entries.map((entry) => (
                <ListItem
                  key={entry.key}
                  disablePadding
                  secondaryAction={
                    entry.onDelete && (
                      <IconButton edge="end" size="small" aria-label={`Delete ${entry.text}`} onClick={entry.onDelete}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    )
                  }
                >
                  <ListItemButton onClick={() => dispatch({ type: 'goTo', step })}>
                    <ListItemText primary={entry.text} />
                  </ListItemButton>
                </ListItem>
              ))
            )}
          </SummarySection>
        ))}
      </List>
    </Paper>
  );
}

function SummarySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li>
      <List dense disablePadding aria-label={title}>
        <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'grey.50' }}>{title}</ListSubheader>
        {children}
      </List>
    </li>
  );
}
