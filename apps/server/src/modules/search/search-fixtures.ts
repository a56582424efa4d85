import type { IncidentFields, SearchCriteriaInput, SearchPage } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import { submitIncident } from '../../../test/incidents';
import type { TestContext } from '../../../test/test-app';
import { type CompanyRefs, companyCard, itemCard, personCard, vehicleCard } from '../incidents/incident-fixtures';

export type Headers = Record<string, string>;

/** POST /api/incidents/search; answers the response. */
export const searchRequest = (
  t: TestContext,
  headers: Headers,
  criteria: SearchCriteriaInput,
  query = '',
  extra: Record<string, unknown> = {},
) => t.inject({ method: 'POST', url: `/api/incidents/search${query}`, headers, payload: { criteria, ...extra } });

/** The numbers found by a search (first page of 100), in the answer's order. */
export async function numbersFound(t: TestContext, headers: Headers, criteria: SearchCriteriaInput): Promise<number[]> {
  const response = await searchRequest(t, headers, criteria, '?psz=100');
  if (response.statusCode !== 200) throw new Error(`Search answered ${response.statusCode}: ${response.body}`);
  return response.json<SearchPage>().items.map((row) => row.number);
}

/** One group of criteria with generated ids. */
export function group<T extends object>(values: T[], logicalOperation: 'AND' | 'OR' = 'OR') {
  return { logicalOperation, values: values.map((value, n) => ({ id: `c${n}`, ...value })) };
}

/** A class node with a child (a subtree to search), and another root, of the company. */
export async function classTree(t: TestContext, accountId: string) {
  return t.database.system(async (tx) => {
    const rows = (
      (await tx.execute(sql`select c.id as child, c.parent_id as parent,
          (select id from lookups r where r.account_id = c.account_id and r.type = 'incidentClass'
            and r.parent_id is null and r.id <> c.parent_id order by r.sort_order limit 1) as other
        from lookups c where c.account_id = ${accountId} and c.type = 'incidentClass' and c.level = 2
          and exists (select 1 from lookups p where p.id = c.parent_id and p.parent_id is null)
        order by c.sort_order limit 1`)) as unknown as { rows: { child: string; parent: string; other: string }[] }
    ).rows;
    const [row] = rows;
    if (!row) throw new Error('no class subtree');
    return row;
  });
}

export interface Scenario {
  /** Incident numbers by their role in the scenario. */
  tran: number;
  smith: number;
  nowak: number;
  bare: number;
}

/**
 * Four incidents of the user of `headers` with distinct parts:
 * tran — suspect 'Trần Văn Minh', a silver Toyota 'BXK 421' (QC), a Dell laptop SN-DL-778, Acme as victim, the child class;
 * smith — witness and employee 'John Smith', a red Honda, an iPhone, 'Northwind Traders' as owner, the other class;
 * nowak — victim 'Łukasz Nowak', the parent class, 22 Queen Street;
 * bare — no person, legal entity, vehicle or item; the other class.
 */
export async function submitScenario(
  t: TestContext,
  headers: Headers,
  refs: CompanyRefs,
  classes: { child: string; parent: string; other: string },
): Promise<Scenario> {
  const submit = async (change: (fields: IncidentFields) => IncidentFields) =>
    (await submitIncident(t, headers, refs, { correctiveActions: 0 }, change)).number;
  const none = (fields: IncidentFields): IncidentFields => ({
    ...fields,
    persons: [],
    companies: [],
    vehicles: [],
    items: [],
  });
  const tran = await submit((f) => ({
    ...none(f),
    lastClassId: classes.child,
    persons: [
      personCard(refs, 0, {
        firstName: 'Trần',
        middleName: 'Văn',
        lastName: 'Minh',
        isEmployee: false,
        relationReporter: false,
        relationWitness: false,
        relationSuspect: true,
      }),
    ],
    companies: [companyCard(refs, 0, { name: 'Acme Supplies' })],
    vehicles: [
      {
        ...vehicleCard(refs, 0, null),
        licensePlate: 'BXK 421',
        stateProvince: 'QC',
        maker: 'Toyota',
        model: 'Corolla',
        color: 'Silver',
      },
    ],
    items: [
      {
        ...itemCard(0, null),
        name: 'Laptop',
        brand: 'Dell',
        model: 'Latitude',
        color: 'Grey',
        serialNumber: 'SN-DL-778',
      },
    ],
  }));
  const smith = await submit((f) => ({
    ...none(f),
    lastClassId: classes.other,
    persons: [
      personCard(refs, 0, {
        firstName: 'John',
        lastName: 'Smith',
        isEmployee: true,
        relationReporter: false,
        relationWitness: true,
      }),
    ],
    companies: [companyCard(refs, 0, { name: 'Northwind Traders', isOwner: true, relationVictim: false })],
    vehicles: [
      { ...vehicleCard(refs, 0, null), licensePlate: 'ZZT 900', maker: 'Honda', model: 'Civic', color: 'Red' },
    ],
    items: [{ ...itemCard(0, null), name: 'iPhone', brand: 'Apple', serialNumber: 'AP-55' }],
  }));
  const nowak = await submit((f) => ({
    ...none(f),
    lastClassId: classes.parent,
    persons: [
      personCard(refs, 0, {
        firstName: 'Łukasz',
        lastName: 'Nowak',
        isEmployee: false,
        relationReporter: false,
        relationWitness: false,
        relationVictim: true,
      }),
    ],
    location: { ...f.location, address: '22 Queen Street', street: 'Queen Street', unit: '' },
  }));
  const bare = await submit((f) => ({ ...none(f), lastClassId: classes.other }));
  return { tran, smith, nowak, bare };
}
