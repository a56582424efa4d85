import {
  type LogicalOperation,
  SEARCH_HINTS,
  type SearchCriteria,
  type SearchKind,
} from '@blotter/shared/schemas/search';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { criteriaGroups } from '../model/criteria-state';
import { type CriterionLabelContext, criterionLabel, SEARCH_KIND_LABELS } from '../model/criterion-label';

interface CriteriaListProps {
  criteria: SearchCriteria;
  context: CriterionLabelContext;
  onRemove: (kind: SearchKind, id: string) => void;
  onOperationChange: (kind: SearchKind, operation: LogicalOperation) => void;
  onClear: () => void;
}

/**
 * The added criteria by group (spec 2 §2): each group with its AND/OR switch and the hint of the
 * chosen one, each criterion with its delete button, and Clear for all. Groups are joined by AND.
 */
export function CriteriaList({ criteria, context, onRemove, onOperationChange, onClear }: CriteriaListProps) {
  const headingId = useId();
  const groups = criteriaGroups(criteria);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={headingId} variant="h2" component="h2">
          Search criteria
        </Typography>
        <Button onClick={onClear} disabled={groups.length === 0}>
          Clear
        </Button>
      </Stack>
      {groups.length === 0 ? (
        <Typography color="text.secondary">No criteria added yet.</Typography>
      ) : (
        <Stack spacing={2}>
          {groups.map((group) => {
            const label = SEARCH_KIND_LABELS[group.kind];
            return (
              <Box key={group.kind} role="group" aria-label={label}>
                <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500, minWidth: 120 }}>
                    {label}
                  </Typography>
                  <ToggleButtonGroup
                    exclusive
                    size="small"
                    value={group.logicalOperation}
                    onChange={(_event, operation: LogicalOperation | null) => {
                      if (operation) onOperationChange(group.kind, operation);
                    }}
                    aria-label={`${label} criteria joined by`}
                  >
                    <ToggleButton value="AND">AND</ToggleButton>
                    <ToggleButton value="OR">OR</ToggleButton>
                  </ToggleButtonGroup>
                  <Typography variant="body2" color="text.secondary">
                    {SEARCH_HINTS[group.logicalOperation]}
                  </Typography>
                </Stack>
                <Box
                  component="ul"
                  sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}
                >
                  {group.values.map((value) => {
                    const text = criterionLabel(group.kind, value, context);
                    return (
                      <Box
                        component="li"
                        key={value.id}
                        sx={{
                          display: 'inline-flex',
                          alignItems: 'center',
                          border: 1,
                          borderColor: 'divider',
                          borderRadius: 4,
                          pl: 1.5,
                          bgcolor: 'action.hover',
                        }}
                      >
                        <Typography variant="body2">{text}</Typography>
                        <IconButton
                          size="small"
                          aria-label={`Delete ${label}: ${text}`}
                          onClick={() => onRemove(group.kind, value.id)}
                        >
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      </Box>
                    );
                  })}
                </Box>
              </Box>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
