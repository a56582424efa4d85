import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/** Reference data shared by every company (no tenant). */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const states = pgTable(
  'states',
  {
    countryCode: text('country_code').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.code] })],
);

export const cities = pgTable(
  'cities',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** Lower-case name without accents, for prefix search. */
    searchName: text('search_name').notNull(),
    stateCode: text('state_code').notNull(),
    countryCode: text('country_code').notNull(),
  },
  (t) => [index('cities_search_name').on(t.searchName.op('text_pattern_ops'))],
);
