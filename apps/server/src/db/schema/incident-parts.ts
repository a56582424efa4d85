import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { draftIncidents, incidents } from './incidents';
import { accountId, tenantPolicy } from './tenancy';
import { users } from './users';

/**
 * The parts of a saved incident. Each row keeps its whole card (validated by the shared schema) in
 * `data`, the source of truth the form and the viewer read; the columns beside it are copies for
 * searching and listing. A card's id is made by the browser and is unique within its incident.
 */
const partOf = () => ({
  accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
  incidentId: uuid('incident_id')
    .notNull()
    .references(() => incidents.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull(),
  /** Order of the cards on the form. */
  position: integer('position').notNull(),
  data: jsonb('data').notNull(),
});

const normalized = (value: SQL) => sql`regexp_replace(upper(${value}), '[[:space:]-]+', '', 'g')`;
/** incident_vehicles.vehicle_key: see normalizeVehicleKey (packages/shared/src/schemas/subjects.ts). */
const VEHICLE_KEY_SQL = sql`case when ${normalized(sql`license_plate`)} = '' then null
  else ${normalized(sql`license_plate`)} || '|' || ${normalized(sql`coalesce(data->>'stateProvince', '')`)} end`;

/**
 * The company's register of persons (person_type 0) and legal entities (1): every party recorded
 * on an incident, with its latest details, found again by name.
 */
export const parties = pgTable(
  'parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    personType: smallint('person_type').notNull(),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    alias: text('alias').notNull().default(''),
    /** Legal entities: the name. */
    name: text('name').notNull().default(''),
    /** Lower-case, accent-free name for search and duplication checks. */
    searchName: text('search_name').notNull(),
    isEmployee: boolean('is_employee').notNull().default(false),
    /** The account's own company (GET /companies/owner). */
    isOwner: boolean('is_owner').notNull().default(false),
    /** The latest card recorded for this party (without incident-specific flags). */
    data: jsonb('data').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('parties_account_search').on(t.accountId, t.personType, t.searchName.op('text_pattern_ops')),
    // The subjects list (issue 31) pages and counts the register by name (from the index alone:
    // the company's own entry, never a subject, is not in it).
    index('parties_account_type_name').on(t.accountId, t.personType, t.searchName, t.id).where(sql`not is_owner`),
    // Likely duplicates of a person (issue 31, merging): the same date of birth.
    index('parties_account_birth')
      .on(t.accountId, t.personType, sql`(data->>'dateOfBirth')`)
      .where(sql`not is_owner and data->>'dateOfBirth' <> ''`),
    tenantPolicy(),
  ],
);

export const incidentPersons = pgTable(
  'incident_persons',
  {
    ...partOf(),
    personId: uuid('person_id').references(() => parties.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    alias: text('alias').notNull().default(''),
    isEmployee: boolean('is_employee').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.id] }),
    index('incident_persons_account_incident').on(t.accountId, t.incidentId),
    index('incident_persons_account_person').on(t.accountId, t.personId),
    tenantPolicy(),
  ],
);

export const incidentCompanies = pgTable(
  'incident_companies',
  {
    ...partOf(),
    personId: uuid('person_id').references(() => parties.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    isOwner: boolean('is_owner').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.id] }),
    index('incident_companies_account_incident').on(t.accountId, t.incidentId),
    // A legal entity's incidents (issue 31, the subjects' timeline and counts).
    index('incident_companies_account_person').on(t.accountId, t.personId),
    tenantPolicy(),
  ],
);

export const incidentVehicles = pgTable(
  'incident_vehicles',
  {
    ...partOf(),
    licensePlate: text('license_plate').notNull().default(''),
    maker: text('maker').notNull().default(''),
    model: text('model').notNull().default(''),
    color: text('color').notNull().default(''),
    ownerPersonId: uuid('owner_person_id'),
    /**
     * The vehicle's identity (issue 31): plate and province/state, upper case with spaces and
     * dashes removed, 'PLATE|PROVINCE'; null without a plate. Computed by the database, so every
     * writer (and the bench loaders) agrees with normalizeVehicleKey of packages/shared.
     */
    vehicleKey: text('vehicle_key').generatedAlwaysAs(VEHICLE_KEY_SQL),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.id] }),
    index('incident_vehicles_account_incident').on(t.accountId, t.incidentId),
    index('incident_vehicles_account_key').on(t.accountId, t.vehicleKey),
    tenantPolicy(),
  ],
);

export const incidentItems = pgTable(
  'incident_items',
  {
    ...partOf(),
    name: text('name').notNull().default(''),
    status: text('status').notNull().default(''),
    brand: text('brand').notNull().default(''),
    serialNumber: text('serial_number').notNull().default(''),
    ownerPersonId: uuid('owner_person_id'),
    valueCents: bigint('value_cents', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.id] }),
    index('incident_items_account_incident').on(t.accountId, t.incidentId),
    tenantPolicy(),
  ],
);

export const incidentCorrectiveActions = pgTable(
  'incident_corrective_actions',
  {
    ...partOf(),
    typeId: uuid('type_id'),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.id] }),
    index('incident_corrective_actions_account_incident').on(t.accountId, t.incidentId),
    tenantPolicy(),
  ],
);

/**
 * Uploaded files of an incident, or of a working copy until it is submitted. creation_date is set
 * when the attachment becomes part of a saved incident (deleting it then needs DELETE_ATTACHMENT).
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    incidentId: uuid('incident_id').references(() => incidents.id, { onDelete: 'cascade' }),
    draftId: uuid('draft_id').references(() => draftIncidents.id, { onDelete: 'cascade' }),
    /** Card ids of the vehicle or item the file belongs to. */
    incidentItemId: uuid('incident_item_id'),
    incidentVehicleId: uuid('incident_vehicle_id'),
    name: text('name').notNull(),
    comments: text('comments').notNull().default(''),
    /** Storage keys, made by the server; never the uploaded file name. */
    fileKey: text('file_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    /** The uploaded file's own name, for downloads. */
    fileName: text('file_name').notNull(),
    /** Content type detected from the bytes. */
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    attachmentType: text('attachment_type').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    creationDate: timestamp('creation_date', { withTimezone: true }),
  },
  (t) => [
    index('attachments_account_incident').on(t.accountId, t.incidentId),
    index('attachments_account_draft').on(t.accountId, t.draftId),
    tenantPolicy(),
  ],
);
