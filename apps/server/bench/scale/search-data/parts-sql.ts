import {
  correctiveActionSchema,
  itemSchema,
  legalEntitySchema,
  personSchema,
  REFERRED,
  vehicleSchema,
} from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import { SEED_STRIDE } from './incidents-sql';
import {
  ALIASES,
  ATTACHMENT_KINDS,
  COLORS,
  COMPANY_KINDS,
  COMPANY_SUFFIXES,
  COMPANY_WORDS,
  FIRST_NAMES,
  ITEM_BRANDS,
  ITEM_MODELS,
  ITEM_NAMES,
  LAST_NAMES,
  MIDDLE_NAMES,
  PROVINCES,
  STREETS,
  VEHICLE_MAKERS,
  VEHICLE_MODELS,
} from './names';
import { CITY_COUNT, CITY_IDS, CITY_NAMES, CITY_STATES, choose, phone, postalCode, textArray } from './sql-helpers';

/**
 * The parts of every loaded incident, one INSERT … SELECT per table over the incidents and a
 * lateral generate_series of each incident's card count. A card's `data` is the shared schema's
 * defaults (parsed from an id alone, so every field the form and viewer read is there) with the
 * generated fields over it; the columns beside it are copies, as insertParts writes them.
 */

const ZERO_ID = '00000000-0000-4000-8000-000000000000';
const template = (value: object) => sql`${JSON.stringify(value)}::jsonb`;

/** The incidents with their seed and company, and `k` from 1 to the card count chosen by `count`. */
function cardsOf(count: (s: SQL) => SQL): SQL {
  const s = sql.raw('i.s');
  return sql`(
    select i.*, k, i.s * 8 + k as ps from (
      select i.account_id, i.id as incident_id, i.create_user_id, i.created_at, c.idx, c.name as company_name,
        c.users, c.person_types, c.genders, c.ca_types, c.idx::bigint * ${SEED_STRIDE} + i.number as s
      from incidents i join bench_company c on c.account_id = i.account_id
    ) i cross join lateral generate_series(1, ${count(s)}) k
  ) x`;
}

/** 1 to 3 persons (40%, 35%, 25%), each with one main relation, a few with a second. */
export function personsStatement(): SQL {
  const ps = sql.raw('x.ps');
  const rel = sql`bench_pick(${ps}, 40, 100)`;
  const po = sql.raw('p.ps');
  const hasAddress = sql`bench_pick(${po}, 41, 100) < 40`;
  const city = sql`1 + bench_skew(${po}, 42, ${CITY_COUNT})`;
  return sql`
    insert into incident_persons (account_id, incident_id, id, position, data, first_name, middle_name, last_name, alias, is_employee)
    select account_id, incident_id, id, k - 1,
      ${template(personSchema.parse({ id: ZERO_ID }))} || jsonb_build_object(
        'id', id, 'isEmployee', employee, 'firstName', first_name, 'middleName', middle_name, 'lastName', last_name,
        'alias', alias, 'position', case when employee then 'Sales associate' else '' end,
        'lookupPersonTypeId', (person_types)[case when employee then 1 else 2 + bench_pick(ps, 43, 7) end],
        'lookupGenderTypeId', (genders)[1 + bench_skew(ps, 44, 5)],
        'dateOfBirth', case when bench_pick(ps, 45, 2) = 0
          then to_char(date '1950-01-01' + bench_pick(ps, 46, 20000), 'YYYY-MM-DD') else '' end,
        'address', case when ${hasAddress} then (1 + bench_pick(ps, 47, 999))::text || ' ' || ${choose(textArray(STREETS), STREETS.length, po, 48)} else '' end,
        'cityId', case when ${hasAddress} then (${CITY_IDS})[${city}] end,
        'cityName', case when ${hasAddress} then (${CITY_NAMES})[${city}] else '' end,
        'stateName', case when ${hasAddress} then (${CITY_STATES})[${city}] else '' end,
        'postalCode', case when ${hasAddress} then ${postalCode(po, 49)} else '' end,
        'phone', case when bench_pick(ps, 56, 100) < 60 then ${phone(po, 57)} else '' end,
        'email', case when bench_pick(ps, 59, 100) < 30 then 'person' || ps::text || '@mail.example' else '' end,
        'comments', case when bench_pick(ps, 60, 5) = 0 then 'Spoke with the officer on site.' else '' end,
        'statusInjury', victim and bench_pick(ps, 61, 4) = 0,
        'statusFirstAid', victim and bench_pick(ps, 62, 8) = 0,
        'relationReporter', reporter, 'relationVictim', victim, 'relationWitness', witness,
        'relationSuspect', suspect, 'relationPersonOfInterest', poi, 'relationSubject', subject,
        'charHeight', case when suspect then (150 + bench_pick(ps, 63, 45))::text || ' cm' else '' end,
        'charHairColor', case when suspect then ${choose(textArray(['Black', 'Brown', 'Blond', 'Red', 'Grey']), 5, po, 64)} else '' end),
      first_name, middle_name, last_name, alias, employee
    from (
      select x.*, gen_random_uuid() as id,
        ${choose(textArray(FIRST_NAMES), FIRST_NAMES.length, ps, 50)} as first_name,
        case when bench_pick(${ps}, 51, 5) = 0 then ${choose(textArray(MIDDLE_NAMES), MIDDLE_NAMES.length, ps, 52)} else '' end as middle_name,
        ${choose(textArray(LAST_NAMES), LAST_NAMES.length, ps, 53)} as last_name,
        case when bench_pick(${ps}, 54, 20) = 0 then ${choose(textArray(ALIASES), ALIASES.length, ps, 55)} else '' end as alias,
        bench_pick(${ps}, 58, 100) < 15 as employee,
        ${rel} < 30 or bench_pick(${ps}, 65, 10) = 0 as reporter,
        ${rel} between 30 and 54 as victim,
        ${rel} between 55 and 74 as witness,
        ${rel} between 75 and 86 as suspect,
        ${rel} between 87 and 93 as poi,
        ${rel} >= 94 as subject
      from ${cardsOf((s) => sql`case when bench_pick(${s}, 30, 100) < 40 then 1 when bench_pick(${s}, 30, 100) < 75 then 2 else 3 end`)}
    ) p`;
}

/** 0 to 2 legal entities (50%, 35%, 15%); one in ten is the company itself (is owner). */
export function companiesStatement(): SQL {
  const ps = sql.raw('x.ps');
  const po = sql.raw('p.ps');
  return sql`
    insert into incident_companies (account_id, incident_id, id, position, data, name, is_owner)
    select account_id, incident_id, id, k - 1,
      ${template(legalEntitySchema.parse({ id: ZERO_ID }))} || jsonb_build_object(
        'id', id, 'name', name, 'isOwner', owner,
        'contact', case when bench_pick(ps, 72, 2) = 0 then ${choose(textArray(FIRST_NAMES), FIRST_NAMES.length, po, 73)} || ' ' ||
          ${choose(textArray(LAST_NAMES), LAST_NAMES.length, po, 74)} else '' end,
        'phone', ${phone(po, 75)},
        'relationReporter', bench_pick(ps, 76, 3) = 0, 'relationVictim', bench_pick(ps, 76, 3) = 1,
        'relationSubject', bench_pick(ps, 76, 3) = 2),
      name, owner
    from (
      select x.*, gen_random_uuid() as id, bench_pick(${ps}, 70, 10) = 0 as owner,
        case when bench_pick(${ps}, 70, 10) = 0 then x.company_name else
          ${choose(textArray(COMPANY_WORDS), COMPANY_WORDS.length, ps, 71)} || ' ' ||
          ${choose(textArray(COMPANY_KINDS), COMPANY_KINDS.length, ps, 77)} || ' ' ||
          ${choose(textArray(COMPANY_SUFFIXES), COMPANY_SUFFIXES.length, ps, 78, true)} end as name
      from ${cardsOf((s) => sql`case when bench_pick(${s}, 31, 100) < 50 then 0 when bench_pick(${s}, 31, 100) < 85 then 1 else 2 end`)}
    ) p`;
}

/** 0 or 1 vehicle (30%): an Ontario-style plate ('KXRT 482'), province, make, model, colour. */
export function vehiclesStatement(): SQL {
  const ps = sql.raw('x.ps');
  const letter = (salt: number) => sql`chr(65 + bench_pick(${ps}, ${salt}, 26))`;
  return sql`
    insert into incident_vehicles (account_id, incident_id, id, position, data, license_plate, maker, model, color)
    select account_id, incident_id, id, k - 1,
      ${template(vehicleSchema.parse({ id: ZERO_ID }))} || jsonb_build_object(
        'id', id, 'licensePlate', plate, 'stateProvince', province, 'maker', maker, 'model', model, 'color', color,
        'vin', case when bench_pick(ps, 80, 3) = 0 then upper(substr(md5(ps::text), 1, 17)) else '' end),
      plate, maker, model, color
    from (
      select x.*, gen_random_uuid() as id,
        ${letter(81)} || ${letter(82)} || ${letter(83)} || ${letter(84)} || ' ' || lpad(bench_pick(${ps}, 85, 1000)::text, 3, '0') as plate,
        ${choose(textArray(PROVINCES), PROVINCES.length, ps, 86)} as province,
        ${choose(textArray(VEHICLE_MAKERS), VEHICLE_MAKERS.length, ps, 87)} as maker,
        ${choose(textArray(VEHICLE_MODELS), VEHICLE_MODELS.length, ps, 88)} as model,
        ${choose(textArray(COLORS), COLORS.length, ps, 89)} as color
      from ${cardsOf((s) => sql`case when bench_pick(${s}, 32, 100) < 30 then 1 else 0 end`)}
    ) p`;
}

/** 0 to 2 items (45%, 35%, 20%): name, status, brand, model, colour, serial number, value. */
export function itemsStatement(): SQL {
  const ps = sql.raw('x.ps');
  const po = sql.raw('p.ps');
  return sql`
    insert into incident_items (account_id, incident_id, id, position, data, name, status, brand, serial_number, value_cents)
    select account_id, incident_id, id, k - 1,
      ${template(itemSchema.parse({ id: ZERO_ID }))} || jsonb_build_object(
        'id', id, 'name', name, 'status', status, 'brand', brand, 'serialNumber', serial,
        'model', ${choose(textArray(ITEM_MODELS), ITEM_MODELS.length, po, 90)},
        'color', ${choose(textArray(COLORS), COLORS.length, po, 91)}, 'value', value_cents),
      name, status, brand, serial, value_cents
    from (
      select x.*, gen_random_uuid() as id,
        ${choose(textArray(ITEM_NAMES), ITEM_NAMES.length, ps, 92)} as name,
        (array['stolen','lost','damaged','found',''])[1 + bench_skew(${ps}, 93, 5)] as status,
        ${choose(textArray(ITEM_BRANDS), ITEM_BRANDS.length, ps, 94)} as brand,
        case when bench_pick(${ps}, 95, 100) < 60 then upper(substr(md5(${ps}::text), 20, 10)) else '' end as serial,
        case when bench_pick(${ps}, 96, 100) < 70 then (500 + bench_pick(${ps}, 97, 300000))::bigint end as value_cents
      from ${cardsOf((s) => sql`case when bench_pick(${s}, 33, 100) < 45 then 0 when bench_pick(${s}, 33, 100) < 80 then 1 else 2 end`)}
    ) p`;
}

/** 0 to 3 attachments (40%, 30%, 20%, 10%) of the incident, uploaded by its creator when it was entered. */
export function attachmentsStatement(): SQL {
  const kind = (column: number) =>
    choose(
      textArray(ATTACHMENT_KINDS.map((k) => k[column] ?? '')),
      ATTACHMENT_KINDS.length,
      sql.raw('p.kind_seed'),
      100,
    );
  return sql`
    insert into attachments (account_id, incident_id, name, comments, file_key, file_name, file_type, file_size,
      attachment_type, uploaded_by, uploaded_at, creation_date)
    select account_id, incident_id, ${kind(0)}, '', 'bench/' || incident_id || '/' || gen_random_uuid(),
      ${kind(1)} || (1000 + bench_pick(ps, 101, 9000))::text || '.' || ${kind(2)}, ${kind(3)},
      10000 + bench_pick(ps, 102, 5000000), ${kind(4)}, create_user_id, created_at, created_at
    from (
      select x.*, x.ps as kind_seed
      from ${cardsOf((s) => sql`case when bench_pick(${s}, 34, 100) < 40 then 0 when bench_pick(${s}, 34, 100) < 70 then 1 when bench_pick(${s}, 34, 100) < 90 then 2 else 3 end`)}
    ) p`;
}

/** 0 to 2 corrective actions (55%, 35%, 10%); the first type of the list is Referred (referred externally). */
export function correctiveActionsStatement(): SQL {
  const ps = sql.raw('x.ps');
  return sql`
    insert into incident_corrective_actions (account_id, incident_id, id, position, data, type_id)
    select account_id, incident_id, id, k - 1,
      ${template(correctiveActionSchema.parse({ id: ZERO_ID }))} || jsonb_build_object(
        'id', id, 'typeId', (ca_types)[type_index],
        'displayType', case when type_index = 1 then ${REFERRED} else '' end,
        'referredType', case when type_index = 1 then 'EXTERNAL' else '' end,
        'details', '<p>Reviewed with the site manager; follow-up scheduled.</p>'),
      (ca_types)[type_index]
    from (
      select x.*, gen_random_uuid() as id, 1 + bench_skew(${ps}, 110, 7) as type_index
      from ${cardsOf((s) => sql`case when bench_pick(${s}, 35, 100) < 55 then 0 when bench_pick(${s}, 35, 100) < 90 then 1 else 2 end`)}
    ) p`;
}
