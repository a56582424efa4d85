import {
  type AttachmentRef,
  attachmentTypeLabel,
  formatMoney,
  type Item,
  itemStatusLabel,
  lookupName,
  UNKNOWN,
  type Vehicle,
} from '@blotter/shared';
import type { PrintBlock, PrintField } from '../../platform/pdf';
import { type PrintContext, partyName } from './print-context';

/** The names of the files of a vehicle or item, as one field (none when it has no files). */
function filesField(files: readonly AttachmentRef[]): PrintField[] {
  if (files.length === 0) return [];
  return [{ label: 'Attachments', value: files.map((file) => file.name).join(', ') }];
}

/** A vehicle with its owner's name (spec 1 §3 Vehicle) and the names of its own files. */
export function vehicleBlock(
  vehicle: Vehicle,
  index: number,
  files: readonly AttachmentRef[],
  context: PrintContext,
): PrintBlock {
  return {
    heading: vehicle.licensePlate.trim() || `Vehicle ${index + 1}`,
    fields: [
      { label: 'Owner', value: partyName(context, vehicle.ownerPersonId) },
      { label: 'License plate', value: vehicle.licensePlate },
      { label: 'State / Province', value: vehicle.stateProvince },
      { label: 'Make', value: vehicle.maker },
      { label: 'Model', value: vehicle.model },
      { label: 'Colour', value: vehicle.color },
      { label: 'VIN', value: vehicle.vin },
      { label: 'Involvement', value: lookupName(context.lookups.single.vehicleInvolvement, vehicle.involvementId) },
      { label: 'Comments', value: vehicle.comments, paragraph: true },
      ...filesField(files),
    ],
  };
}

/** An item with its owner, status and value in US dollars (spec 1 §3 Item) and its own files. */
export function itemBlock(
  item: Item,
  index: number,
  files: readonly AttachmentRef[],
  context: PrintContext,
): PrintBlock {
  return {
    heading: item.name.trim() || `Item ${index + 1}`,
    fields: [
      { label: 'Owner', value: partyName(context, item.ownerPersonId) },
      { label: 'Status', value: itemStatusLabel(item.status) },
      { label: 'Company', value: item.company },
      { label: 'Brand', value: item.brand },
      { label: 'Model', value: item.model },
      { label: 'Colour', value: item.color },
      { label: 'Serial number', value: item.serialNumber },
      { label: 'Value', value: formatMoney(item.value) },
      { label: 'Comments', value: item.comments, paragraph: true },
      ...filesField(files),
    ],
  };
}

/** An attachment of the incident itself: name, type, file name and comments. */
export function attachmentBlock(attachment: AttachmentRef, context: PrintContext): PrintBlock {
  const file = context.files.get(attachment.id);
  return {
    heading: attachment.name.trim() || UNKNOWN,
    fields: [
      { label: 'Type', value: file ? attachmentTypeLabel(file.attachmentType) : UNKNOWN },
      { label: 'File', value: file?.fileName ?? '' },
      { label: 'Comments', value: attachment.comments, paragraph: true },
    ],
  };
}
