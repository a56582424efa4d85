import { formatMoney, itemStatusLabel, lookupName, ownerName } from '@blotter/shared/presentation';
import { field, fileOf, partyNames } from './section-fields';
import type { IncidentViewData, ViewAttachmentData, ViewItem, ViewVehicle } from './view-data';
import type { ViewCard, ViewContext } from './view-sections';

/** The vehicle and item panels with their own files (spec 1 §2 Incident viewer). */

/** Files tied to a card: the card's own list (viewer), or the incident's files pointing at it (history). */
function filesOf(
  card: { attachments?: ViewAttachmentData[] },
  all: ViewAttachmentData[],
  belongs: (a: ViewAttachmentData) => boolean,
) {
  return (card.attachments ?? all.filter(belongs)).map(fileOf);
}

export function vehicleCard(vehicle: ViewVehicle, index: number, data: IncidentViewData, ctx: ViewContext): ViewCard {
  const k = (name: string) => `vehicles.${vehicle.id}.${name}`;
  const owner = vehicle.ownerName ?? partyNames(data).get(vehicle.ownerPersonId ?? '');
  return {
    key: `vehicles.${vehicle.id}`,
    title: vehicle.licensePlate.trim() || `Vehicle ${index + 1}`,
    chips: [],
    fields: [
      field(k('owner'), 'Owner', ownerName(vehicle.ownerPersonId, owner)),
      field(k('involvement'), 'Involvement', lookupName(ctx.singleLookups.vehicleInvolvement, vehicle.involvementId)),
      field(k('licensePlate'), 'License plate', vehicle.licensePlate),
      field(k('stateProvince'), 'State / Province', vehicle.stateProvince),
      field(k('maker'), 'Make', vehicle.maker),
      field(k('model'), 'Model', vehicle.model),
      field(k('color'), 'Colour', vehicle.color),
      field(k('vin'), 'VIN', vehicle.vin),
      field(k('comments'), 'Comments', vehicle.comments),
    ],
    privacy: 'none',
    files: filesOf(vehicle, data.attachments, (a) => a.incidentVehicleId === vehicle.id),
  };
}

export function itemCard(item: ViewItem, index: number, data: IncidentViewData): ViewCard {
  const k = (name: string) => `items.${item.id}.${name}`;
  const owner = item.ownerName ?? partyNames(data).get(item.ownerPersonId ?? '');
  return {
    key: `items.${item.id}`,
    title: item.name.trim() || `Item ${index + 1}`,
    chips: item.status ? [itemStatusLabel(item.status)] : [],
    fields: [
      field(k('owner'), 'Owner', ownerName(item.ownerPersonId, owner)),
      field(k('name'), 'Name', item.name),
      field(k('status'), 'Status', itemStatusLabel(item.status)),
      field(k('company'), 'Company', item.company),
      field(k('brand'), 'Brand', item.brand),
      field(k('model'), 'Model', item.model),
      field(k('color'), 'Colour', item.color),
      field(k('serialNumber'), 'Serial number', item.serialNumber),
      field(k('value'), 'Value', formatMoney(item.value)),
      field(k('comments'), 'Comments', item.comments),
    ],
    privacy: 'none',
    files: filesOf(item, data.attachments, (a) => a.incidentItemId === item.id),
  };
}
