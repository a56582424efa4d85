import {
  type IncidentNotificationFormValues,
  NOTIFICATION_EVENT_TYPES,
} from '@blotter/shared/schemas/incident-notifications';
import { type LookupNode, lookupPath } from '@blotter/shared/schemas/lookups';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { LookupTreeDialog } from '../../../components/lookup-tree-dialog';

interface ClassRowFieldsProps {
  index: number;
  tree: readonly LookupNode[];
  disabled: boolean;
  onRemove: () => void;
}

/** One class row of the dialog: the class (picked in the class tree) and its CREATE / EDIT / CLOSE boxes. */
export function ClassRowFields({ index, tree, disabled, onRemove }: ClassRowFieldsProps) {
  const [picking, setPicking] = useState(false);
  const { control } = useFormContext<IncidentNotificationFormValues>();
  const { field, fieldState } = useController({ control, name: `lookupClasses.${index}.classLookupId` });
  const eventsError = useFormContext<IncidentNotificationFormValues>().getFieldState(
    `lookupClasses.${index}.CLOSE`,
  ).error;
  const label = `Incident class ${index + 1}`;
  const path = field.value ? lookupPath(tree, field.value).join(' / ') : '';
  const openOnKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      setPicking(true);
    }
  };
  return (
    <Stack
      role="group"
      aria-label={`Class row ${index + 1}`}
      spacing={0.5}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={label}
          value={path}
          fullWidth
          size="small"
          placeholder="Choose from the list"
          disabled={disabled}
          onClick={() => !disabled && setPicking(true)}
          onKeyDown={openOnKey}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? ' '}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { readOnly: true, 'aria-haspopup': 'dialog', style: { cursor: 'pointer' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <AccountTreeIcon color="action" aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <IconButton aria-label={`Remove class row ${index + 1}`} onClick={onRemove} disabled={disabled}>
          <DeleteOutlineIcon />
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1}>
        {NOTIFICATION_EVENT_TYPES.map((type) => (
          <EventCheckbox key={type} index={index} type={type} disabled={disabled} />
        ))}
      </Stack>
      {eventsError && <FormHelperText error>{eventsError.message}</FormHelperText>}
      {picking && (
        <LookupTreeDialog
          open={picking}
          title={label}
          listLabel="Incident classes"
          tree={tree}
          selectedId={field.value}
          onClose={() => setPicking(false)}
          onSelect={(id) => {
            field.onChange(id);
            setPicking(false);
          }}
        />
      )}
    </Stack>
  );
}

function EventCheckbox({
  index,
  type,
  disabled,
}: {
  index: number;
  type: (typeof NOTIFICATION_EVENT_TYPES)[number];
  disabled: boolean;
}) {
  const { control, trigger } = useFormContext<IncidentNotificationFormValues>();
  const { field } = useController({ control, name: `lookupClasses.${index}.${type}` });
  return (
    <FormControlLabel
      label={type}
      control={
        <Checkbox
          checked={Boolean(field.value)}
          disabled={disabled}
          onChange={(event) => {
            field.onChange(event.target.checked);
            // The 'select at least one' message sits on the row: re-check it with every tick.
            void trigger(`lookupClasses.${index}.CLOSE`);
          }}
        />
      }
    />
  );
}
