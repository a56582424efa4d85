import type { AttachmentRef } from '@blotter/shared/schemas/incident-parts';
import { useWatch } from 'react-hook-form';
import { useIncidentForm } from '../fields/form-types';

/** Which attachments a list shows: the incident's own (no vehicle, no item), or one vehicle's or item's. */
export interface AttachmentScope {
  incidentVehicleId: string | null;
  incidentItemId: string | null;
}

export function inScope(ref: Partial<AttachmentRef>, scope: AttachmentScope): boolean {
  return (
    (ref.incidentVehicleId ?? null) === scope.incidentVehicleId && (ref.incidentItemId ?? null) === scope.incidentItemId
  );
}

/**
 * The form's attachment references of one scope, and changes to the form's attachments array.
 * The array is shared by the Attachments section and every vehicle and item, so it is changed
 * as a whole value rather than through several field arrays over the same name.
 */
export function useFormAttachments(scope: AttachmentScope) {
  const { getValues, setValue } = useIncidentForm();
  const refs = useWatch({
    name: 'attachments',
    compute: (list) => ((list ?? []) as AttachmentRef[]).filter((ref) => inScope(ref, scope)),
  });
  const all = () => (getValues('attachments') ?? []) as AttachmentRef[];
  const write = (next: AttachmentRef[]) => setValue('attachments', next, { shouldDirty: true, shouldTouch: true });

  return {
    refs,
    /** Every attachment name of the incident, for the next 'Attachment N'. */
    allNames: () => all().map((ref) => ref.name),
    add: (ref: AttachmentRef) => write([...all(), ref]),
    update: (id: string, change: Pick<AttachmentRef, 'name' | 'comments'>) =>
      write(all().map((ref) => (ref.id === id ? { ...ref, ...change } : ref))),
    remove: (id: string) => write(all().filter((ref) => ref.id !== id)),
  };
}
