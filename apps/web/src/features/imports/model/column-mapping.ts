import type { ImportEntity, ImportField, ImportSheetMapping } from '@blotter/shared/schemas/imports';

/** How the wizard names what a sheet's rows are. */
export const ENTITY_LABELS: Record<ImportEntity, string> = {
  incidents: 'Incidents',
  persons: 'Persons',
  vehicles: 'Vehicles',
  items: 'Items',
};

/** The fields a sheet of this entity can fill, in the server's order. */
export function fieldsOf(fields: readonly ImportField[], entity: ImportEntity | null): ImportField[] {
  return entity ? fields.filter((field) => field.entity === entity) : [];
}

/** The labels of the entity's required fields that no column fills. */
export function missingRequired(sheet: ImportSheetMapping, fields: readonly ImportField[]): string[] {
  const mapped = new Set(Object.values(sheet.columns));
  return fieldsOf(fields, sheet.entity)
    .filter((field) => field.required && !mapped.has(field.key))
    .map((field) => field.label);
}

/** The field keys that more than one column fills. */
export function mappedTwice(sheet: ImportSheetMapping): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const key of Object.values(sheet.columns)) {
    if (key === null) continue;
    if (seen.has(key)) twice.add(key);
    seen.add(key);
  }
  return twice;
}

/** The problems that keep a mapping from being saved: a required field unmapped, a field mapped twice. */
export function mappingProblems(sheets: readonly ImportSheetMapping[], fields: readonly ImportField[]): string[] {
  const problems: string[] = [];
  for (const sheet of sheets) {
    if (!sheet.entity) continue;
    const missing = missingRequired(sheet, fields);
    if (missing.length > 0) problems.push(`${sheet.name}: ${missing.join(', ')} must be mapped.`);
    const labels = fieldsOf(fields, sheet.entity);
    for (const key of mappedTwice(sheet)) {
      const label = labels.find((field) => field.key === key)?.label ?? key;
      problems.push(`${sheet.name}: ${label} is mapped to more than one column.`);
    }
  }
  if (!sheets.some((sheet) => sheet.entity === 'incidents')) problems.push('One sheet must hold incidents.');
  return problems;
}
