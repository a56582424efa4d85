import type { ImportEntity, ImportField, ImportFieldKind } from '@blotter/shared';

const field = (
  entity: ImportEntity,
  key: string,
  label: string,
  kind: ImportFieldKind,
  aliases: string[],
  options: { required?: boolean; lookupType?: string } = {},
): ImportField => ({
  entity,
  key,
  label,
  kind,
  required: options.required ?? false,
  lookupType: options.lookupType ?? null,
  aliases,
});

/** The person fields, on a persons sheet or (prefixed 'person.') as one person per incident row. */
const personFields = (entity: ImportEntity, prefix: string, labelPrefix: string): ImportField[] => [
  field(
    entity,
    `${prefix}firstName`,
    `${labelPrefix}First name`,
    'text',
    ['first name', 'firstname', 'given name', 'forename'],
    {
      required: entity === 'persons',
    },
  ),
  field(entity, `${prefix}middleName`, `${labelPrefix}Middle name`, 'text', ['middle name']),
  field(entity, `${prefix}lastName`, `${labelPrefix}Last name`, 'text', ['last name', 'surname', 'family name']),
  field(entity, `${prefix}personType`, `${labelPrefix}Person type`, 'lookup', ['person type', 'type'], {
    lookupType: 'personType',
  }),
  field(entity, `${prefix}relation`, `${labelPrefix}Relation`, 'text', ['relation', 'role', 'involvement']),
  field(entity, `${prefix}dateOfBirth`, `${labelPrefix}Date of birth`, 'date', [
    'date of birth',
    'dob',
    'birth date',
    'birthday',
  ]),
  field(entity, `${prefix}phone`, `${labelPrefix}Phone`, 'text', ['phone', 'telephone', 'phone number']),
  field(entity, `${prefix}mobilePhone`, `${labelPrefix}Mobile phone`, 'text', [
    'mobile',
    'mobile phone',
    'cell',
    'cell phone',
  ]),
  field(entity, `${prefix}email`, `${labelPrefix}Email`, 'text', ['email', 'e-mail', 'email address']),
  field(entity, `${prefix}address`, `${labelPrefix}Address`, 'text', ['address', 'street address', 'address line 1']),
  field(entity, `${prefix}cityName`, `${labelPrefix}City`, 'text', ['city', 'town']),
  field(entity, `${prefix}stateName`, `${labelPrefix}State`, 'text', ['state', 'province', 'region']),
  field(entity, `${prefix}postalCode`, `${labelPrefix}Postal code`, 'text', [
    'postal code',
    'zip',
    'zip code',
    'postcode',
  ]),
];

const incidentRef = (entity: ImportEntity) =>
  field(
    entity,
    'incidentRef',
    'Incident reference',
    'text',
    ['incident ref', 'incident reference', 'incident', 'incident id', 'reference', 'ref'],
    {
      required: true,
    },
  );

/**
 * Every field a column can fill (GET /imports/fields), as the form labels it. An incidents sheet
 * may also carry one person per row (keys 'person.…'), so a single CSV can hold incidents with
 * their persons.
 */
export const IMPORT_FIELDS: readonly ImportField[] = [
  field(
    'incidents',
    'sourceRef',
    'Source reference',
    'text',
    ['source ref', 'reference', 'ref', 'incident ref', 'incident number', 'incident no', 'id', 'number', 'case number'],
    {
      required: true,
    },
  ),
  field(
    'incidents',
    'reportedDate',
    'Date reported',
    'dateTime',
    ['reported', 'date reported', 'reported date', 'reported on', 'report date'],
    {
      required: true,
    },
  ),
  field(
    'incidents',
    'occurredDate',
    'Date occurred',
    'dateTime',
    ['occurred', 'date occurred', 'occurred date', 'incident date', 'occurred on', 'date'],
    {
      required: true,
    },
  ),
  field('incidents', 'occurredDateUncertain', 'Date occurred is uncertain', 'boolean', [
    'uncertain',
    'date uncertain',
    'occurred uncertain',
    'approximate date',
  ]),
  field(
    'incidents',
    'classPath',
    'What (class)',
    'lookup',
    ['class', 'what', 'incident class', 'category', 'incident type', 'type'],
    {
      required: true,
      lookupType: 'incidentClass',
    },
  ),
  field('incidents', 'locationPath', 'Where (location)', 'lookup', ['location', 'where', 'site', 'place'], {
    lookupType: 'location',
  }),
  field('incidents', 'severity', 'Severity', 'lookup', ['severity', 'priority'], { lookupType: 'severityType' }),
  field('incidents', 'primaryCause', 'Primary cause', 'lookup', ['cause', 'primary cause', 'root cause'], {
    lookupType: 'incidentCause',
  }),
  field('incidents', 'summary', 'Summary', 'richText', ['summary', 'description', 'details', 'narrative', 'notes']),
  field('incidents', 'causeComments', 'Cause comments', 'richText', ['cause comments', 'cause notes']),
  field('incidents', 'status', 'Status', 'status', ['status', 'state of incident', 'open closed']),
  field('incidents', 'closedDate', 'Date closed', 'dateTime', ['closed', 'closed date', 'date closed', 'closed on']),
  field('incidents', 'assignedUserEmail', 'Assigned to (email)', 'user', [
    'assigned',
    'assigned to',
    'assignee',
    'investigator',
    'assigned user email',
  ]),
  ...personFields('incidents', 'person.', 'Person: '),
  incidentRef('persons'),
  ...personFields('persons', '', ''),
  incidentRef('vehicles'),
  field('vehicles', 'licensePlate', 'License plate', 'text', [
    'license plate',
    'licence plate',
    'plate',
    'registration',
    'reg',
  ]),
  field('vehicles', 'make', 'Make', 'text', ['make', 'maker', 'manufacturer']),
  field('vehicles', 'model', 'Model', 'text', ['model']),
  field('vehicles', 'colour', 'Colour', 'text', ['colour', 'color']),
  field('vehicles', 'state', 'State / Province', 'text', ['state', 'province', 'state province']),
  incidentRef('items'),
  field('items', 'name', 'Name', 'text', ['name', 'item', 'item name', 'description']),
  field('items', 'status', 'Status', 'text', ['status', 'item status']),
  field('items', 'brand', 'Brand', 'text', ['brand']),
  field('items', 'model', 'Model', 'text', ['model']),
  field('items', 'serialNumber', 'Serial number', 'text', ['serial number', 'serial', 'serial no', 'sn']),
  field('items', 'value', 'Value', 'money', ['value', 'worth', 'amount', 'price']),
];

/** 'Date  Occurred!' → 'dateoccurred': how headers and aliases are compared. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

export const fieldsOf = (entity: ImportEntity) => IMPORT_FIELDS.filter((f) => f.entity === entity);

export function fieldOf(entity: ImportEntity, key: string): ImportField | undefined {
  return IMPORT_FIELDS.find((f) => f.entity === entity && f.key === key);
}

/**
 * The field each header most likely fills: an exact label or alias first; a field taken by an
 * earlier header is not given twice.
 */
export function guessColumns(entity: ImportEntity, headers: readonly string[]): Record<string, string | null> {
  const fields = fieldsOf(entity);
  const taken = new Set<string>();
  const columns: Record<string, string | null> = {};
  for (const header of headers) {
    const key = headerKey(header);
    const found = fields.find(
      (f) =>
        !taken.has(f.key) &&
        (headerKey(f.label) === key || headerKey(f.key) === key || f.aliases.some((a) => headerKey(a) === key)),
    );
    columns[header] = found?.key ?? null;
    if (found) taken.add(found.key);
  }
  return columns;
}

/** What a sheet most likely holds: the entity whose fields its headers fill most (incidents on a tie). */
export function guessEntity(headers: readonly string[]): ImportEntity | null {
  let best: { entity: ImportEntity; score: number } | null = null;
  for (const entity of ['incidents', 'persons', 'vehicles', 'items'] as const) {
    const columns = guessColumns(entity, headers);
    // The incident reference alone says nothing of what the rest of the row is.
    const score = Object.values(columns).filter((key) => key && key !== 'incidentRef').length;
    const hasKey = Object.values(columns).includes(entity === 'incidents' ? 'sourceRef' : 'incidentRef');
    if (score > 0 && hasKey && (!best || score > best.score)) best = { entity, score };
  }
  return best?.entity ?? null;
}
