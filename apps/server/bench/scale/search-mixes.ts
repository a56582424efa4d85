import type { SearchCriteriaInput } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Lane } from './search-data/lanes';

/** Values of the measured company the mixes search for, read from its data (so each finds what it would). */
export interface MixValues {
  /** A second-level class (its subtree: a few dozen nodes) and a top-level one. */
  classTypeId: string;
  classRootId: string;
  /** A site of the location tree (its subtree: buildings, floors and areas). */
  locationSiteId: string;
  severityCriticalId: string;
  /** Five characters of a plate and five of a serial number, from one of the company's cards. */
  platePart: string;
  serialPart: string;
  /** An incident number near the middle of the company's numbers. */
  incidentNumber: number;
}

/** Reads the MixValues of the company from the loaded database (as the owner). */
export async function readMixValues(lane: Lane, accountId: string): Promise<MixValues> {
  const one = async (query: ReturnType<typeof sql>) => {
    const [row] = await lane.run(query);
    const value = row?.value;
    if (value === undefined || value === null) throw new Error('the data set lacks a value a mix searches for');
    return value as string;
  };
  const lookup = (type: string, name: string, level: number) =>
    one(sql`select id as value from lookups where account_id = ${accountId} and type = ${type}
      and name = ${name} and level = ${level} order by sort_order limit 1`);
  return {
    classTypeId: await lookup('incidentClass', 'Theft', 2),
    classRootId: await lookup('incidentClass', 'Safety', 1),
    locationSiteId: await lookup('location', 'Toronto Head Office', 2),
    severityCriticalId: await lookup('severityType', 'Critical', 1),
    platePart: await one(sql`select substr(license_plate, 2, 5) as value from incident_vehicles
      where account_id = ${accountId} order by incident_id limit 1`),
    serialPart: await one(sql`select substr(serial_number, 3, 5) as value from incident_items
      where account_id = ${accountId} and serial_number <> '' order by incident_id limit 1`),
    incidentNumber: Number(
      await one(sql`select (max(number) / 2)::int as value from incidents where account_id = ${accountId}`),
    ),
  };
}

export interface Mix {
  name: string;
  criteria: SearchCriteriaInput;
}

const group = <T>(values: T[], logicalOperation: 'AND' | 'OR' = 'OR') => ({ logicalOperation, values });
const lastYear = { id: 'd1', periodType: 'lastNDays', days: 365 } as const;

/**
 * The fixed list of the 'Speed at scale': every kind of criterion alone, then the mixes
 * people build (a class subtree and a status, a partial last name with a relation, a partial plate,
 * three names OR'ed, four groups AND'ed) and the unselective worst case 'Open, last 365 days'.
 */
export function searchMixes(v: MixValues): Mix[] {
  return [
    { name: 'incident number', criteria: { incidentNumber: group([{ id: 'n', number: v.incidentNumber }]) } },
    {
      name: 'date reported, last 30 days',
      criteria: { dateReported: group([{ id: 'd', periodType: 'lastNDays', days: 30 }]) },
    },
    {
      name: 'date occurred, a week two years ago',
      criteria: {
        dateOccurred: group([{ id: 'd', periodType: 'period', fromDate: '2024-11-04', toDate: '2024-11-10' }]),
      },
    },
    { name: 'class subtree (Theft)', criteria: { class: group([{ id: 'c', lookupId: v.classTypeId }]) } },
    { name: 'severity Critical', criteria: { severity: group([{ id: 's', lookupId: v.severityCriticalId }]) } },
    {
      name: "person last name 'nguyen' (finds Nguyễn)",
      criteria: { person: group([{ id: 'p', lastName: 'nguyen' }]) },
    },
    { name: "legal entity name 'boreal'", criteria: { company: group([{ id: 'e', name: 'boreal' }]) } },
    { name: "vehicle model 'civic'", criteria: { vehicle: group([{ id: 'v', model: 'civic' }]) } },
    {
      name: `item serial number part '${v.serialPart}'`,
      criteria: { item: group([{ id: 'i', serialNumber: v.serialPart }]) },
    },
    { name: "attachment name 'police report'", criteria: { attachment: group([{ id: 'a', name: 'police report' }]) } },
    {
      name: 'location subtree (Toronto Head Office)',
      criteria: { location: group([{ id: 'l', lookupId: v.locationSiteId }]) },
    },
    { name: "address city 'Montréal'", criteria: { address: group([{ id: 'a', cityName: 'Montréal' }]) } },
    { name: 'status Closed', criteria: { status: group([{ id: 's', status: 2 }]) } },
    { name: "creator last name 'nguyen'", criteria: { creator: group([{ id: 'c', lastName: 'nguyen' }]) } },
    {
      name: 'class subtree (Safety) + status Open',
      criteria: {
        class: group([{ id: 'c', lookupId: v.classRootId }]),
        status: group([{ id: 's', status: 1 }]),
      },
    },
    {
      name: "person last name 'tran' + relation Victim",
      criteria: { person: group([{ id: 'p', lastName: 'tran', relations: ['VICTIM'] }]) },
    },
    {
      name: `vehicle plate part '${v.platePart}'`,
      criteria: { vehicle: group([{ id: 'v', licensePlate: v.platePart }]) },
    },
    {
      name: 'person name OR across three names',
      criteria: {
        person: group([
          { id: 'p1', firstName: 'Minh', lastName: 'Nguyễn' },
          { id: 'p2', firstName: 'Chloé', lastName: 'Tremblay' },
          { id: 'p3', firstName: 'James', lastName: 'Smith' },
        ]),
      },
    },
    {
      name: 'AND of four groups (last 365 days, Safety, person with a phone-book name, vehicle)',
      criteria: {
        dateReported: group([lastYear]),
        class: group([{ id: 'c', lookupId: v.classRootId }]),
        person: group([{ id: 'p', lastName: 'tremblay' }]),
        vehicle: group([{ id: 'v', hasVehicle: true }]),
      },
    },
    {
      name: 'worst case: Open, last 365 days',
      criteria: { status: group([{ id: 's', status: 1 }]), dateReported: group([lastYear]) },
    },
  ];
}
