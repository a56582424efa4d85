import { DEBOUNCE } from '@blotter/shared/constants';
import { hasPrivilege } from '@blotter/shared/privileges';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth/session-context';
import { queryKeys } from '../../../lib/query-keys';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDebouncedAction } from '../../../lib/use-debounced-action';
import { exportLookups } from '../api/export-lookups';
import { useUpdateLookup } from '../api/lookup-mutations';
import { useLookupItems } from '../api/lookup-queries';
import { isTreeType, LOOKUP_TYPE_OPTIONS, type LookupTypeOption } from '../model/lookup-types';
import { type LookupDialog, LookupDialogs } from './lookup-dialogs';
import { type LookupActions, LookupItemTree } from './lookup-item-tree';

export const REFRESH_NOTE = 'Please refresh the page after updating lookups to apply the changes.';

const firstType = LOOKUP_TYPE_OPTIONS[0] as LookupTypeOption;

/**
 * The Lookups card of /administration (spec 3 §2): a type, its items as a tree, and the add,
 * edit, delete, disable/enable, Labelsetting, CSV export and address actions, each only with its
 * privilege. The app's own copy of the lookups (initData) is refreshed with the note's button.
 */
export default function LookupsCard() {
  const { claims } = useSession();
  const queryClient = useQueryClient();
  const [type, setType] = useState<LookupTypeOption>(firstType);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<LookupDialog | null>(null);
  const items = useLookupItems(type);
  const update = useUpdateLookup();
  const tree = isTreeType(type.value);
  const can = {
    add: hasPrivilege(claims, 'LOOKUP_ADD'),
    edit: hasPrivilege(claims, 'LOOKUP_EDIT'),
    delete: hasPrivilege(claims, 'LOOKUP_DELETE'),
  };

  const toggleActive = useDebouncedAction((node: LookupNode) => {
    update.mutate(
      { id: node.id, type: type.value, name: node.name, active: !node.active },
      { onSuccess: () => toastSuccess(`${node.name} has been ${node.active ? 'disabled' : 'enabled'}.`) },
    );
  }, DEBOUNCE.lookupDialogMs);
  const open = (id: string) => setExpanded((current) => new Set(current).add(id));
  const actions: LookupActions = {
    canAdd: can.add,
    canEdit: can.edit,
    canDelete: can.delete,
    onAddChild: (parent) => setDialog({ kind: 'add', parent }),
    onEdit: (node) => setDialog({ kind: 'edit', node }),
    onToggleActive: toggleActive,
    onDelete: (node) => setDialog({ kind: 'delete', node }),
    ...(type.value === 'location' ? { onAddress: (node: LookupNode) => setDialog({ kind: 'address', node }) } : {}),
  };
  const exportCsv = () =>
    exportLookups(type.value, `${type.label}.csv`).catch((error: unknown) => toastError(errorMessage(error)));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert
        severity="info"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => queryClient.invalidateQueries({ queryKey: queryKeys.commons.initData })}
          >
            Refresh
          </Button>
        }
      >
        {REFRESH_NOTE}
      </Alert>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          label="Lookup type"
          value={type.value}
          onChange={(event) => {
            setType(LOOKUP_TYPE_OPTIONS.find((option) => option.value === event.target.value) ?? firstType);
            setExpanded(new Set());
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 240 }}
          size="small"
        >
          {LOOKUP_TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </TextField>
        {can.add && (
          <Button startIcon={<AddIcon />} variant="contained" onClick={() => setDialog({ kind: 'add', parent: null })}>
            {`Add ${type.label}`}
          </Button>
        )}
        {tree && can.edit && (
          <Button variant="outlined" onClick={() => setDialog({ kind: 'labels' })}>
            Labelsetting
          </Button>
        )}
        {tree && (
          <Button variant="outlined" onClick={exportCsv}>
            Export CSV
          </Button>
        )}
      </Box>
      {items.isPending && <CircularProgress aria-label="Loading lookups" />}
      {items.data && items.data.length === 0 && <Typography color="text.secondary">No items yet.</Typography>}
      {items.data && (
        <LookupItemTree
          label={type.label}
          nodes={items.data}
          expanded={expanded}
          onToggle={(id) =>
            setExpanded((current) => {
              const next = new Set(current);
              if (next.has(id)) next.delete(id);
              else next.add(id);
              return next;
            })
          }
          actions={actions}
        />
      )}
      {dialog && (
        <LookupDialogs
          key={
            dialog.kind === 'edit' || dialog.kind === 'delete' || dialog.kind === 'address'
              ? `${dialog.kind}-${dialog.node.id}`
              : dialog.kind
          }
          type={type}
          dialog={dialog}
          canDelete={can.delete}
          onClose={() => setDialog(null)}
          onAdded={(parentId) => parentId && open(parentId)}
        />
      )}
    </Box>
  );
}
