import { DEBOUNCE } from '@blotter/shared/constants';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toastSuccess } from '../../../lib/toast';
import { useDebouncedAction } from '../../../lib/use-debounced-action';
import { useCreateLookup, useDeleteLookup, useSaveLookupLabels, useUpdateLookup } from '../api/lookup-mutations';
import { useLookupLabels } from '../api/lookup-queries';
import { isTreeType, type LookupTypeOption } from '../model/lookup-types';
import { LocationAddressDialog } from './location-address-dialog';
import { LookupLabelsDialog } from './lookup-labels-dialog';
import { LookupNameDialog } from './lookup-name-dialog';

export type LookupDialog =
  | { kind: 'add'; parent: LookupNode | null }
  | { kind: 'edit'; node: LookupNode }
  | { kind: 'delete'; node: LookupNode }
  | { kind: 'labels' }
  | { kind: 'address'; node: LookupNode };

interface LookupDialogsProps {
  type: LookupTypeOption;
  dialog: LookupDialog;
  canDelete: boolean;
  onClose: () => void;
  /** After a child was added: its parent opens (spec 3 §4). */
  onAdded: (parentId: string | null) => void;
}

/** The open dialog of the Lookups card; its action is debounced 200 ms (spec 3 §9). */
export function LookupDialogs({ type, dialog, canDelete, onClose, onAdded }: LookupDialogsProps) {
  const create = useCreateLookup();
  const update = useUpdateLookup();
  const remove = useDeleteLookup();
  const saveLabels = useSaveLookupLabels();
  const labels = useLookupLabels(dialog.kind === 'labels');
  const done = (message: string) => {
    toastSuccess(message);
    onClose();
  };
  const add = useDebouncedAction((name: string, parent: LookupNode | null) => {
    create.mutate(
      { type: type.value, name, parentId: parent?.id ?? null },
      {
        onSuccess: () => {
          onAdded(parent?.id ?? null);
          done(`${name} has been added.`);
        },
      },
    );
  }, DEBOUNCE.lookupDialogMs);
  const rename = useDebouncedAction((node: LookupNode, name: string) => {
    update.mutate(
      { id: node.id, type: type.value, name, active: node.active },
      { onSuccess: () => done(`${name} has been updated.`) },
    );
  }, DEBOUNCE.lookupDialogMs);
  const drop = useDebouncedAction((node: LookupNode) => {
    remove.mutate({ id: node.id, type: type.value }, { onSuccess: () => done(`${node.name} has been deleted.`) });
  }, DEBOUNCE.lookupDialogMs);
  const label = useDebouncedAction((values: string[]) => {
    if (!isTreeType(type.value)) return;
    saveLabels.mutate({ type: type.value, labels: values }, { onSuccess: () => done('Labels have been updated.') });
  }, DEBOUNCE.lookupDialogMs);

  switch (dialog.kind) {
    case 'add':
      return (
        <LookupNameDialog
          title={dialog.parent ? `Add a child to ${dialog.parent.name}` : `Add ${type.label}`}
          context={
            dialog.parent
              ? `Under ${[dialog.parent.parentPath, dialog.parent.name].filter(Boolean).join(' / ')}`
              : undefined
          }
          initialName=""
          busy={create.isPending}
          onSubmit={(name) => add(name, dialog.parent)}
          onClose={onClose}
        />
      );
    case 'edit':
      return (
        <LookupNameDialog
          title={`Edit ${dialog.node.name}`}
          initialName={dialog.node.name}
          busy={update.isPending}
          onSubmit={(name) => rename(dialog.node, name)}
          onClose={onClose}
        />
      );
    case 'delete':
      return (
        <ConfirmDialog
          open
          title={`Delete ${dialog.node.name}`}
          message={`Are you sure you want to delete ${dialog.node.name}? Child lookups will be deleted with it.`}
          confirmLabel="Delete"
          destructive
          busy={remove.isPending}
          onConfirm={() => drop(dialog.node)}
          onCancel={onClose}
        />
      );
    case 'labels':
      if (!isTreeType(type.value) || !labels.data) return null;
      return (
        <LookupLabelsDialog
          type={type.value}
          typeName={type.label}
          labels={labels.data[type.value] ?? []}
          busy={saveLabels.isPending}
          onSubmit={label}
          onClose={onClose}
        />
      );
    case 'address':
      return <LocationAddressDialog location={dialog.node} canDelete={canDelete} onClose={onClose} />;
  }
}
