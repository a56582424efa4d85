import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { lookupPath } from '@blotter/shared/schemas/lookups';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useState } from 'react';
import { LookupTreeDialog } from '../../../../components/lookup-tree-dialog';
import type { LookupDraft } from '../../model/criterion-drafts';
import { DraftCheckbox, type DraftFormProps } from './draft-fields';

interface LookupFormProps extends DraftFormProps<LookupDraft> {
  /** 'Incident class' or 'Location'. */
  label: string;
  tree: readonly LookupNode[];
}

/**
 * Class or location: a node of the company's tree, chosen in the tree dialog, with its
 * descendants included unless unticked (spec 2 §9: on by default). Retired nodes are offered too:
 * old incidents are filed under them.
 */
export function LookupForm({ value, onChange, label, tree }: LookupFormProps) {
  const [open, setOpen] = useState(false);
  const path = value.lookupId ? lookupPath(tree, value.lookupId).join(' / ') : '';
  const openOnKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
    }
  };
  return (
    <Stack spacing={1}>
      <TextField
        label={label}
        value={path}
        fullWidth
        size="small"
        placeholder="Choose from the list"
        onClick={() => setOpen(true)}
        onKeyDown={openOnKey}
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
      <DraftCheckbox
        label="Include descendants"
        checked={value.includeDescendant}
        onChange={(includeDescendant) => onChange({ ...value, includeDescendant })}
      />
      {open && (
        <LookupTreeDialog
          open={open}
          title={label}
          listLabel={label}
          tree={tree}
          selectedId={value.lookupId}
          includeInactive
          onClose={() => setOpen(false)}
          onSelect={(lookupId) => {
            onChange({ ...value, lookupId });
            setOpen(false);
          }}
          onClear={() => {
            onChange({ ...value, lookupId: '' });
            setOpen(false);
          }}
        />
      )}
    </Stack>
  );
}
