import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';

/** Lookup items of every type; single-level types have no parent, multiple-level types nest. */
export const lookups = pgTable(
  'lookups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    parentId: uuid('parent_id').references((): AnyPgColumn => lookups.id, {
      onDelete: 'cascade',
    }),
    level: smallint('level').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
    addressId: uuid('address_id'),
    /** A behaviour code of the item, e.g. REFERRED for the corrective action type that refers a matter on. */
    code: text('code').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when an administrator deletes the item (and its children): incidents keep its id, so the
     * row stays for their name while the admin calls and every picker leave it out.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('lookups_account_type').on(t.accountId, t.type, t.parentId), tenantPolicy()],
);

/** Per-level label names of the multiple-level lookup types. */
export const lookupLabels = pgTable(
  'lookup_labels',
  {
    accountId: accountId().references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    type: text('type').notNull(),
    level: smallint('level').notNull(),
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.type, t.level] }), tenantPolicy()],
);

/** The street address of a location lookup (spec 3 §3 Location address). */
export const lookupAddresses = pgTable(
  'lookup_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    lookupLocationId: uuid('lookup_location_id')
      .notNull()
      .references(() => lookups.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    unit: text('unit').notNull().default(''),
    address: text('address').notNull().default(''),
    street: text('street').notNull().default(''),
    cityId: uuid('city_id'),
    cityName: text('city_name').notNull().default(''),
    stateName: text('state_name').notNull().default(''),
    countryCode: text('country_code').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lookup_addresses_account_location').on(t.accountId, t.lookupLocationId), tenantPolicy()],
);
