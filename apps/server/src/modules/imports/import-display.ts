import { formatDateTime } from '@blotter/shared';
import { fieldOf } from './import-fields';
import type { Cell } from './import-file';
import { type IncidentRow, isPrivateKey, type RowContext, type SheetPlan } from './import-rows';
import { cellText } from './import-values';

/** Field label → the value as Blotter will show it (the preview's columns); private ones 'Hidden' without PRIVACY_INFO_VIEW. */
export function displayRow(
  plan: SheetPlan,
  row: IncidentRow,
  cells: readonly Cell[],
  ctx: RowContext,
  showPrivate: boolean,
): Record<string, string> {
  const f = row.fields;
  const source = (key: string) => cellText(cells[plan.columns.get(key)?.index ?? -1]);
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso, ctx.dateFormat, ctx.timezoneOffset) : '');
  const path = (type: string, id: string | null | undefined, key: string) =>
    id ? (ctx.index.item(type, id)?.path ?? `${source(key)} (new)`) : '';
  const valueFor = (key: string): string => {
    switch (key) {
      case 'sourceRef':
        return row.sourceRef;
      case 'reportedDate':
        return when(f.reportedDate);
      case 'occurredDate':
        return when(f.occurredDate);
      case 'occurredDateUncertain':
        return f.occurredDateUncertain ? 'Yes' : 'No';
      case 'classPath':
        return path('incidentClass', f.lastClassId, key);
      case 'locationPath':
        return path('location', f.location?.lastLocationId, key);
      case 'severity':
        return path('severityType', f.severityId, key);
      case 'primaryCause':
        return path('incidentCause', f.primaryCauseId, key);
      case 'status':
        return row.closed ? 'Closed' : 'Open';
      case 'closedDate':
        return when(row.closedDate);
      case 'person.personType':
        return path('personType', f.persons?.[0]?.lookupPersonTypeId, key);
      default:
        return source(key);
    }
  };
  const shown: Record<string, string> = {};
  for (const key of plan.columns.keys()) {
    const field = fieldOf(plan.entity, key);
    if (field) shown[field.label] = isPrivateKey(key) && !showPrivate ? 'Hidden' : valueFor(key);
  }
  return shown;
}
