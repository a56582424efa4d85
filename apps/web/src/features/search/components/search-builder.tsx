import type { CriterionOf, SearchKind } from '@blotter/shared/schemas/search';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { buildCriteria, type CriterionDrafts, emptyDrafts } from '../model/criterion-drafts';
import { newCriterionId } from '../model/criterion-id';
import { type CriterionLabelContext, SEARCH_KIND_LABELS } from '../model/criterion-label';
import { CriterionForm } from './criterion-form';
import { offeredSearchKinds, SEARCH_TYPE_PANEL_ID, SearchTypeChooser, searchTypeTabId } from './search-type-chooser';

interface SearchBuilderProps {
  context: CriterionLabelContext;
  /** Small screens: the type is a dropdown (without severity). */
  compact: boolean;
  /** SUBJECT_VIEW: the 'Active ban' type is offered (issue 31). */
  canViewSubjects: boolean;
  onAdd: <K extends SearchKind>(kind: K, criteria: CriterionOf<K>[]) => void;
}

/**
 * The search type and its form (spec 2 §2): Add checks the form with the shared rules and shows
 * what is missing, or hands the criteria over and empties the form. Each type keeps what was typed
 * while another is chosen.
 */
export function SearchBuilder({ context, compact, canViewSubjects, onAdd }: SearchBuilderProps) {
  const [kind, setKind] = useState<SearchKind>('incidentNumber');
  const [drafts, setDrafts] = useState<CriterionDrafts>(() => emptyDrafts());
  const [error, setError] = useState<string | undefined>(undefined);
  const kinds = offeredSearchKinds(compact, canViewSubjects);
  // A phone has no severity type: a choice made on a wider window falls back to the first type.
  const shownKind: SearchKind = kinds.includes(kind) ? kind : 'incidentNumber';

  const choose = (next: SearchKind) => {
    setKind(next);
    setError(undefined);
  };
  const change = (next: CriterionDrafts[SearchKind]) => {
    setDrafts((current) => ({ ...current, [shownKind]: next }));
    setError(undefined);
  };
  const add = () => {
    const result = buildCriteria(shownKind, drafts[shownKind], {
      newId: newCriterionId,
      timezone: browserTimeZone(),
      severityName: (id) => context.severities.find((severity) => severity.id === id)?.name,
    });
    if ('error' in result) {
      setError(result.error);
      return;
    }
    onAdd(shownKind, result.criteria);
    setDrafts((current) => ({ ...current, [shownKind]: emptyDrafts()[shownKind] }));
  };

  // Enter in a field of the form adds its criterion, as Add does (a form's own submit).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add();
  };

  const label = SEARCH_KIND_LABELS[shownKind];
  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: compact ? 'column' : 'row', minHeight: 280 }}>
      <Box sx={{ p: compact ? 2 : 0, pb: 0 }}>
        <SearchTypeChooser value={shownKind} onChange={choose} compact={compact} kinds={kinds} />
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        id={SEARCH_TYPE_PANEL_ID}
        role={compact ? 'group' : 'tabpanel'}
        aria-labelledby={compact ? undefined : searchTypeTabId(shownKind)}
        aria-label={compact ? label : undefined}
        sx={{ flex: 1, p: 2, minWidth: 0 }}
      >
        <Stack spacing={2}>
          {!compact && (
            <Typography variant="h2" component="h2">
              {label}
            </Typography>
          )}
          <CriterionForm kind={shownKind} value={drafts[shownKind]} onChange={change} context={context} />
          {error && <Alert severity="error">{error}</Alert>}
          <Box>
            <Button type="submit" variant="outlined" startIcon={<AddIcon />}>
              Add
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
