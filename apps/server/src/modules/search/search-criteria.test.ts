import { INCIDENT_SEARCH_MESSAGES, type SearchCriteriaInput, searchCriteriaSchema } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs } from '../../../test/fixtures/incident-fixtures';
import {
  classTree,
  group,
  type Headers,
  numbersFound,
  type Scenario,
  searchRequest,
  submitScenario,
} from '../../../test/fixtures/search-fixtures';
import { principalOf } from '../../../test/principal';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { searchWhere } from './search.queries';
import { resolveSubtrees } from './search-criteria';

let t: TestContext;
let company: TestCompany;
let admin: Headers;
let refs: CompanyRefs;
let classes: { child: string; parent: string; other: string };
let s: Scenario;

const found = (criteria: Parameters<typeof numbersFound>[2]) => numbersFound(t, admin, criteria);
const sorted = (...numbers: number[]) => [...numbers].sort((a, b) => b - a);

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Search Co', concurrentUserCount: 50 });
  admin = await t.signIn(company.admin);
  refs = await companyRefs(t.database, company.accountId);
  classes = await classTree(t, company.accountId);
  s = await submitScenario(t, admin, refs, classes);
});
afterAll(() => t.close());

describe('POST /api/incidents/search: each kind of criterion', () => {
  it('finds by incident number, and by two numbers with OR', async () => {
    expect(await found({ incidentNumber: group([{ number: s.smith }]) })).toEqual([s.smith]);
    expect(await found({ incidentNumber: group([{ number: s.tran }, { number: s.nowak }]) })).toEqual(
      sorted(s.tran, s.nowak),
    );
    expect(await found({ incidentNumber: group([{ number: s.tran }, { number: s.nowak }], 'AND') })).toEqual([]);
  });

  it('finds persons by a part of a name, whatever the case and accents', async () => {
    expect(await found({ person: group([{ lastName: 'minh' }]) })).toEqual([s.tran]);
    expect(await found({ person: group([{ firstName: 'tran' }]) })).toEqual([s.tran]);
    expect(await found({ person: group([{ firstName: 'LUKASZ' }]) })).toEqual([s.nowak]);
    expect(await found({ person: group([{ middleName: 'van', lastName: 'MIN' }]) })).toEqual([s.tran]);
    // Each part must match its own field.
    expect(await found({ person: group([{ firstName: 'minh' }]) })).toEqual([]);
    // A typed wildcard is a character, not a wildcard, also in its full-width form (which folds to it).
    expect(await found({ person: group([{ lastName: '%' }]) })).toEqual([]);
    expect(await found({ person: group([{ firstName: 'Tr_n' }]) })).toEqual([]);
    expect(await found({ person: group([{ firstName: 'Tr＿n' }]) })).toEqual([]);
    expect(await found({ person: group([{ firstName: 'Tr％' }]) })).toEqual([]);
  });

  it('finds persons by relation, employment and presence, with OR and AND', async () => {
    expect(await found({ person: group([{ hasPerson: true, relations: ['SUSPECT'] }]) })).toEqual([s.tran]);
    expect(await found({ person: group([{ hasPerson: true, relations: ['SUSPECT', 'VICTIM'] }]) })).toEqual(
      sorted(s.tran, s.nowak),
    );
    expect(await found({ person: group([{ lastName: 'minh', relations: ['WITNESS'] }]) })).toEqual([]);
    expect(await found({ person: group([{ hasPerson: true, isEmployee: true }]) })).toEqual([s.smith]);
    expect(await found({ person: group([{ hasPerson: true }]) })).toEqual(sorted(s.tran, s.smith, s.nowak));
    expect(
      await found({ person: group([{ lastName: 'smith' }, { lastName: 'nowak' }, { lastName: 'minh' }]) }),
    ).toEqual(sorted(s.tran, s.smith, s.nowak));
    expect(await found({ person: group([{ lastName: 'smith' }, { lastName: 'nowak' }], 'AND') })).toEqual([]);
  });

  it('finds legal entities by name, owner and relation', async () => {
    expect(await found({ company: group([{ name: 'acme' }]) })).toEqual([s.tran]);
    expect(await found({ company: group([{ isOwner: true }]) })).toEqual([s.smith]);
    expect(await found({ company: group([{ hasCompany: true, relations: ['VICTIM'] }]) })).toEqual([s.tran]);
    expect(await found({ company: group([{ hasCompany: true }]) })).toEqual(sorted(s.tran, s.smith));
  });

  it('finds vehicles by partial plate, province, make, model and colour', async () => {
    expect(await found({ vehicle: group([{ licensePlate: 'xk 4' }]) })).toEqual([s.tran]);
    expect(await found({ vehicle: group([{ stateProvince: 'qc' }]) })).toEqual([s.tran]);
    expect(await found({ vehicle: group([{ color: 'silver', maker: 'toyota', model: 'corol' }]) })).toEqual([s.tran]);
    expect(await found({ vehicle: group([{ color: 'silver', maker: 'honda' }]) })).toEqual([]);
    expect(await found({ vehicle: group([{ hasVehicle: true }]) })).toEqual(sorted(s.tran, s.smith));
  });

  it('finds items by name, brand, model, colour and serial number', async () => {
    expect(await found({ item: group([{ serialNumber: 'dl-77' }]) })).toEqual([s.tran]);
    expect(await found({ item: group([{ brand: 'apple' }, { name: 'laptop' }]) })).toEqual(sorted(s.tran, s.smith));
    expect(await found({ item: group([{ model: 'latitude', color: 'grey' }]) })).toEqual([s.tran]);
    expect(await found({ item: group([{ hasItem: true }]) })).toEqual(sorted(s.tran, s.smith));
  });

  it('finds classes with their subtree unless includeDescendant is off', async () => {
    expect(await found({ class: group([{ lookupId: classes.parent }]) })).toEqual(sorted(s.tran, s.nowak));
    expect(await found({ class: group([{ lookupId: classes.parent, includeDescendant: false }]) })).toEqual([s.nowak]);
    // An id in capitals (a valid UUID, as an API client may send it) names the same subtree.
    expect(await found({ class: group([{ lookupId: classes.parent.toUpperCase() }]) })).toEqual(
      sorted(s.tran, s.nowak),
    );
    expect(await found({ class: group([{ lookupId: classes.child }, { lookupId: classes.other }]) })).toEqual(
      sorted(s.tran, s.smith, s.bare),
    );
  });

  it('finds locations, severities, addresses, statuses and creators', async () => {
    expect(await found({ location: group([{ lookupId: refs.location }]) })).toEqual(
      sorted(s.tran, s.smith, s.nowak, s.bare),
    );
    expect(await found({ severity: group([{ lookupId: refs.severityType }]) })).toHaveLength(4);
    expect(await found({ address: group([{ street: 'queen', countryCode: 'CA' }]) })).toEqual([s.nowak]);
    expect(await found({ address: group([{ cityId: refs.city.id, address: '200 king' }]) })).toEqual(
      sorted(s.tran, s.smith, s.bare),
    );
    expect(await found({ address: group([{ street: 'queen', countryCode: 'US' }]) })).toEqual([]);
    expect(await found({ status: group([{ status: 2 }]) })).toEqual([]);
    expect(await found({ status: group([{ status: 1 }]) })).toHaveLength(4);
    const [user] = (
      (await t.database.system((tx) =>
        tx.execute(sql`select first_name, last_name from users where id = ${company.admin.id}`),
      )) as unknown as { rows: { first_name: string; last_name: string }[] }
    ).rows;
    expect(await found({ creator: group([{ lastName: user?.last_name.slice(1, 4) ?? '?' }]) })).toHaveLength(4);
    expect(await found({ creator: group([{ firstName: 'Nobody-like-this' }]) })).toEqual([]);
  });

  it('finds attachments by name and presence', async () => {
    const { uploadToIncident } = await import('../../../test/incidents');
    const [row] = (
      (await t.database.system((tx) =>
        tx.execute(sql`select id from incidents where account_id = ${company.accountId} and number = ${s.nowak}`),
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await uploadToIncident(t, admin, row?.id ?? '', { name: 'CCTV still' });
    expect(await found({ attachment: group([{ name: 'cctv' }]) })).toEqual([s.nowak]);
    expect(await found({ attachment: group([{ name: 'report.pdf' }]) })).toEqual([s.nowak]);
    expect(await found({ attachment: group([{ hasAttachment: true }]) })).toEqual([s.nowak]);
  });

  it('joins groups by AND and the criteria of a group by its operation', async () => {
    // (suspect OR victim) AND (silver vehicle): only the Trần incident has both.
    expect(
      await found({
        person: group([
          { hasPerson: true, relations: ['SUSPECT'] },
          { hasPerson: true, relations: ['VICTIM'] },
        ]),
        vehicle: group([{ color: 'silver' }]),
      }),
    ).toEqual([s.tran]);
    // Four groups.
    expect(
      await found({
        person: group([{ lastName: 'minh' }]),
        vehicle: group([{ licensePlate: 'bxk' }]),
        item: group([{ brand: 'dell' }]),
        status: group([{ status: 1 }]),
      }),
    ).toEqual([s.tran]);
  });
});

describe('subtrees resolved beforehand or in the statement', () => {
  it('find the same incidents', async () => {
    const principal = principalOf(company.admin, 'Search Co', ['ALLINCIDENT_SEARCH', 'INCIDENT_LOCK']);
    const mixes: SearchCriteriaInput[] = [
      { person: group([{ hasPerson: true }]), class: group([{ lookupId: classes.parent }]) },
      { class: group([{ lookupId: classes.parent }, { lookupId: classes.other }]) },
    ];
    for (const criteria of mixes) {
      const parsed = searchCriteriaSchema.parse(criteria);
      const numbers = async (resolved: boolean) => {
        const result = await t.database.tenant(company.accountId, async (tx) => {
          const subtrees = resolved ? await resolveSubtrees(tx, parsed) : new Map();
          const where = searchWhere(principal, parsed, { timezoneOffset: 0 }, subtrees);
          return tx.execute(sql`select i.number from search_incidents i where ${where} order by i.number desc`);
        });
        return (result as unknown as { rows: { number: number }[] }).rows.map((row) => row.number);
      };
      const inStatement = await numbers(false);
      expect(await numbers(true), JSON.stringify(criteria)).toEqual(inStatement);
      expect(inStatement.length, JSON.stringify(criteria)).toBeGreaterThan(0);
    }
  });
});

describe('POST /api/incidents/search: dates', () => {
  const setDates = (number: number, reported: string, occurred: string) =>
    t.database.system((tx) =>
      tx.execute(sql`update incidents set reported_date = ${reported}::timestamptz, occurred_date = ${occurred}::timestamptz
        where account_id = ${company.accountId} and number = ${number}`),
    );

  beforeAll(async () => {
    // Toronto: UTC-5 in January, UTC-4 in July.
    await setDates(s.tran, '2025-01-15T03:30:00Z', '2025-01-14T23:10:00Z'); // occurred Tue 14 Jan 18:10 local
    await setDates(s.smith, '2025-07-05T14:00:00Z', '2025-07-05T13:00:00Z'); // occurred Sat 5 Jul 09:00 local
    await setDates(s.nowak, '2025-07-20T02:00:00Z', '2025-07-20T01:30:00Z'); // occurred Sat 19 Jul 21:30 local
  });

  const occurredAll = (value: Record<string, unknown>) =>
    found({ dateOccurred: group([{ timezone: 'America/Toronto', ...value } as never]) });
  // The bare incident occurred two hours ago: its month, weekday and hour depend on when the test runs.
  const occurred = async (value: Record<string, unknown>) =>
    (await occurredAll(value)).filter((number) => number !== s.bare);

  it('reads a period in the user’s zone, to the end of its last minute', async () => {
    expect(await occurred({ periodType: 'period', fromDate: '2025-01-14', toDate: '2025-01-14' })).toEqual([s.tran]);
    expect(
      await occurred({
        periodType: 'period',
        fromDate: '2025-07-19',
        toDate: '2025-07-19',
        fromTime: '21:30',
        toTime: '21:30',
      }),
    ).toEqual([s.nowak]);
    expect(await occurred({ periodType: 'period', fromDate: '2025-07-20', toDate: '2025-07-31' })).toEqual([]);
    // Without a zone, the x-timezone-offset header (300 = UTC-5) is used.
    const response = await t.inject({
      method: 'POST',
      url: '/api/incidents/search',
      headers: { ...admin, 'x-timezone-offset': '300' },
      payload: {
        criteria: { dateReported: group([{ periodType: 'period', fromDate: '2025-01-14', toDate: '2025-01-14' }]) },
      },
    });
    expect(response.json().items.map((row: { number: number }) => row.number)).toEqual([s.tran]);
  });

  it('finds months, days of the week and work shifts', async () => {
    expect(await occurred({ periodType: 'month', months: [7] })).toEqual(sorted(s.smith, s.nowak));
    expect(await occurred({ periodType: 'dayOfWeek', dayOfWeeks: [2] })).toEqual([s.tran]);
    expect(await occurred({ periodType: 'dayOfWeek', dayOfWeeks: [6] })).toEqual(sorted(s.smith, s.nowak));
    expect(await occurred({ periodType: 'workShift', fromTime: '08:00', toTime: '17:00' })).toEqual([s.smith]);
    // A night shift wraps past midnight.
    expect(await occurred({ periodType: 'workShift', fromTime: '18:00', toTime: '06:00' })).toEqual(
      sorted(s.tran, s.nowak),
    );
  });

  it('adds nothing for a month or day-of-week criterion with nothing ticked', async () => {
    expect(await occurredAll({ periodType: 'month', months: [] })).toHaveLength(4);
    expect(
      await found({
        dateOccurred: group([
          { periodType: 'month', months: [] },
          { periodType: 'month', months: [1] },
        ]),
      }),
    ).toEqual([s.tran]);
  });

  it('finds the last n days and the last n months', async () => {
    expect(await occurredAll({ periodType: 'lastNDays', days: 30 })).toEqual([s.bare]);
    // 0 is this month so far (the bare incident, unless the month began less than two hours ago).
    expect(await occurred({ periodType: 'lastNMonths', lastNMonths: 0 })).toEqual([]);
    // 1 is the previous whole month: the incident submitted now is not in it.
    expect(await occurredAll({ periodType: 'lastNMonths', lastNMonths: 1 })).not.toContain(s.bare);
    expect(await occurredAll({ periodType: 'lastNDays', days: 36_500 })).toHaveLength(4);
  });
});

describe('POST /api/incidents/search: bad criteria', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no criteria', {}, INCIDENT_SEARCH_MESSAGES.noCriteria],
    ['an empty group', { person: { values: [] } }, INCIDENT_SEARCH_MESSAGES.noCriteria],
    ['a person without name', { person: group([{ isEmployee: true }]) }, INCIDENT_SEARCH_MESSAGES.personRequired],
    ['a legal entity without anything', { company: group([{}]) }, INCIDENT_SEARCH_MESSAGES.legalEntityRequired],
    ['a class without a node', { class: group([{ lookupId: '' }]) }, INCIDENT_SEARCH_MESSAGES.classRequired],
    ['a location without a node', { location: group([{}]) }, INCIDENT_SEARCH_MESSAGES.locationRequired],
    [
      'last 0 days',
      { dateOccurred: group([{ periodType: 'lastNDays', days: 0 }]) },
      INCIDENT_SEARCH_MESSAGES.lastNDays,
    ],
    [
      'last -1 months',
      { dateOccurred: group([{ periodType: 'lastNMonths', lastNMonths: -1 }]) },
      INCIDENT_SEARCH_MESSAGES.lastNMonths,
    ],
    [
      'a period without dates',
      { dateReported: group([{ periodType: 'period' }]) },
      INCIDENT_SEARCH_MESSAGES.periodDates,
    ],
    [
      'a period backwards',
      { dateReported: group([{ periodType: 'period', fromDate: '2025-02-01', toDate: '2025-01-01' }]) },
      INCIDENT_SEARCH_MESSAGES.periodOrder,
    ],
    [
      'an unknown zone',
      { dateReported: group([{ periodType: 'lastNDays', days: 3, timezone: 'Mars/Olympus' }]) },
      INCIDENT_SEARCH_MESSAGES.invalidTimezone,
    ],
    ['a bad status', { status: group([{ status: 3 }]) }, 'status must be 1 (Open) or 2 (Closed)'],
    [
      'a day that does not exist',
      { dateReported: group([{ periodType: 'period', fromDate: '2023-02-01', toDate: '2023-02-30' }]) },
      INCIDENT_SEARCH_MESSAGES.invalidDate,
    ],
    [
      'a retired time zone',
      { dateReported: group([{ periodType: 'lastNDays', days: 3, timezone: 'US/Pacific-New' }]) },
      INCIDENT_SEARCH_MESSAGES.invalidTimezone,
    ],
    ['an empty address', { address: group([{}]) }, INCIDENT_SEARCH_MESSAGES.addressRequired],
    // The search document's separators were taken as spaces and matched hundreds of incidents.
    ['a record separator', { person: group([{ lastName: '\u001e' }]) }, INCIDENT_SEARCH_MESSAGES.controlCharacters],
    ['a unit separator', { vehicle: group([{ maker: '\u001f' }]) }, INCIDENT_SEARCH_MESSAGES.controlCharacters],
    ['a tab inside a name', { company: group([{ name: 'bor\teal' }]) }, INCIDENT_SEARCH_MESSAGES.controlCharacters],
    [
      'a control in an address',
      { address: group([{ cityName: 'To\u0085ronto' }]) },
      INCIDENT_SEARCH_MESSAGES.controlCharacters,
    ],
    [
      'a bad operation',
      { status: { logicalOperation: 'XOR', values: [{ id: 'a', status: 1 }] } },
      'logicalOperation must be AND or OR',
    ],
  ];
  it.each(cases)('answers 400 to %s', async (_, criteria, message) => {
    const response = await searchRequest(t, admin, criteria as never);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
  });
});
