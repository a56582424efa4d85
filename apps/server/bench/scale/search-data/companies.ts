import { randomUUID } from 'node:crypto';
import { REFERRED, STAFF_PRIVILEGES } from '@blotter/shared';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../src/db/client';
import { accounts, lookupLabels, lookups, users, workgroups } from '../../../src/db/schema/index';
import {
  DEMO_LOOKUP_LABELS,
  DEMO_MULTIPLE_LOOKUPS,
  DEMO_SINGLE_LOOKUPS,
  type SeedNode,
} from '../../../src/db/seed/data/demo-lookups';
import { USER_NAMES } from './names';

/** What the incident statements need of a company: its users and the lookup ids incidents point at. */
export interface BenchCompany {
  accountId: string;
  /** 0 for the measured (largest) company. */
  index: number;
  incidents: number;
  name: string;
  /** The administrator first (the user the benchmark signs in as), then the staff. */
  userIds: string[];
  userFirstNames: string[];
  userLastNames: string[];
  /** Class nodes incidents are filed under (levels 3 and 4), the commonest first. */
  classIds: string[];
  /** Location nodes incidents happen at (levels 4 and 5). */
  locationIds: string[];
  severityIds: string[];
  personTypeIds: string[];
  genderIds: string[];
  correctiveActionTypeIds: string[];
  /** Top-level class and location nodes, with their names (the mixes search subtrees). */
  classRoots: { id: string; name: string }[];
}

/** Generic children that bring every branch of the demo class tree to four levels. */
const DETAILS = ['Minor', 'Moderate', 'Serious', 'Repeat'];
const SUBTYPES = ['On site', 'Off site'];

/** The demo incident-class tree, deepened so every branch has four levels (about 250 nodes). */
function classTree(): SeedNode[] {
  const deepen = (node: SeedNode, level: number): SeedNode => {
    if (level === 4) return { name: node.name };
    const children = node.children?.length
      ? node.children
      : (level === 2 ? SUBTYPES : DETAILS).map((name) => ({ name }));
    // Level 3 nodes that already have details keep them and gain the generic ones they lack.
    const extra =
      level === 3 ? DETAILS.filter((name) => !children.some((c) => c.name === name)).map((name) => ({ name })) : [];
    return { name: node.name, children: [...children, ...extra].map((child) => deepen(child, level + 1)) };
  };
  return DEMO_MULTIPLE_LOOKUPS.incidentClass.map((node) => deepen(node, 1));
}

const REGIONS: Record<string, readonly string[]> = {
  Ontario: ['Toronto Head Office', 'Mississauga Distribution Centre', 'Ottawa Store'],
  Quebec: ['Montréal Retail Store', 'Québec City Warehouse', 'Laval Office'],
  'British Columbia': ['Vancouver Store', 'Surrey Depot', 'Victoria Office'],
  Alberta: ['Calgary Store', 'Edmonton Warehouse', 'Red Deer Yard'],
};
const BUILDINGS = ['Main building', 'Annex'];
const FLOORS = ['Ground floor', 'Floor 2', 'Basement'];
const AREAS = ['Lobby', 'Stockroom', 'Office'];

/** A five-level location tree: 4 regions, 12 sites, 24 buildings, 72 floors, 216 areas (328 nodes). */
function locationTree(): SeedNode[] {
  return Object.entries(REGIONS).map(([region, sites]) => ({
    name: region,
    children: sites.map((site) => ({
      name: site,
      children: BUILDINGS.map((building) => ({
        name: building,
        children: FLOORS.map((floor) => ({ name: floor, children: AREAS.map((area) => ({ name: area })) })),
      })),
    })),
  }));
}

interface TreeRow {
  id: string;
  name: string;
  parentId: string | null;
  level: number;
  sortOrder: number;
}

/** The nodes of a tree with ids made here, parents before children. */
function flatten(nodes: readonly SeedNode[]): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (list: readonly SeedNode[], parentId: string | null, level: number) => {
    list.forEach((node, sortOrder) => {
      const id = randomUUID();
      rows.push({ id, name: node.name, parentId, level, sortOrder });
      if (node.children) walk(node.children, id, level + 1);
    });
  };
  walk(nodes, null, 1);
  return rows;
}

/** Deterministic shuffle (a fixed linear congruential sequence), so the commonest classes differ by company. */
function shuffled<T>(values: readonly T[], seed: number): T[] {
  const out = [...values];
  let state = seed * 7919 + 17;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Creates one company the way a new company starts (its workgroups, users, lookup lists and labels),
 * with the bench's deeper class and location trees instead of the demo ones. Runs as the owner.
 */
export async function createBenchCompany(
  database: Database,
  index: number,
  incidentCount: number,
  passwordHash: string,
): Promise<BenchCompany> {
  const name = `Search Bench ${index === 0 ? 'Large' : index} Ltd.`;
  return database.system(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ companyName: name, companyCountryCode: 'CA', active: true, concurrentUserCount: 25 })
      .returning({ id: accounts.id });
    if (!account) throw new Error('no account');
    const accountId = account.id;
    const groups = await tx
      .insert(workgroups)
      .values([
        { accountId, name: 'Administrators', isAdmin: true },
        { accountId, name: 'Staff', privileges: [...STAFF_PRIVILEGES] },
      ])
      .returning({ id: workgroups.id, name: workgroups.name });
    const groupId = (group: string) => groups.find((g) => g.name === group)?.id ?? '';
    const people = await tx
      .insert(users)
      .values(
        USER_NAMES.map(([firstName, lastName], i) => ({
          accountId,
          email: `${i === 0 ? 'admin' : `staff${i}`}-${index}@search-bench.example`,
          passwordHash,
          firstName,
          lastName,
          userGroupId: groupId(i === 0 ? 'Administrators' : 'Staff'),
          status: 1,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const userIds = USER_NAMES.map(
      (_, i) => people.find((p) => p.email.startsWith(i === 0 ? 'admin-' : `staff${i}-`))?.id ?? '',
    );
    await tx.update(accounts).set({ accountHolderId: userIds[0] }).where(eq(accounts.id, accountId));
    for (const [type, labels] of Object.entries(DEMO_LOOKUP_LABELS)) {
      await tx.insert(lookupLabels).values(labels.map((label, i) => ({ accountId, type, level: i + 1, label })));
    }
    const single: Record<string, string[]> = {};
    for (const [type, names] of Object.entries(DEMO_SINGLE_LOOKUPS)) {
      const rows = await tx
        .insert(lookups)
        .values(
          names.map((value, sortOrder) => ({
            accountId,
            type,
            name: value,
            sortOrder,
            level: 1,
            code: type === 'correctiveActionType' && value === 'Referred' ? REFERRED : '',
          })),
        )
        .returning({ id: lookups.id });
      single[type] = rows.map((row) => row.id);
    }
    const trees = {
      incidentClass: flatten(classTree()),
      location: flatten(locationTree()),
      incidentCause: flatten(DEMO_MULTIPLE_LOOKUPS.incidentCause),
    };
    for (const [type, rows] of Object.entries(trees)) {
      await tx.insert(lookups).values(rows.map((row) => ({ ...row, accountId, type })));
    }
    return {
      accountId,
      index,
      incidents: incidentCount,
      name,
      userIds,
      userFirstNames: USER_NAMES.map(([first]) => first),
      userLastNames: USER_NAMES.map(([, last]) => last),
      classIds: shuffled(
        trees.incidentClass.filter((row) => row.level >= 3).map((row) => row.id),
        index,
      ),
      locationIds: shuffled(
        trees.location.filter((row) => row.level >= 4).map((row) => row.id),
        index + 100,
      ),
      severityIds: single.severityType ?? [],
      personTypeIds: single.personType ?? [],
      genderIds: single.genderType ?? [],
      correctiveActionTypeIds: single.correctiveActionType ?? [],
      classRoots: trees.incidentClass
        .filter((row) => row.level === 1)
        .map(({ id, name: root }) => ({ id, name: root })),
    };
  });
}

/** One hash for every bench user's password (never used to sign in: the bench signs tokens). */
export const benchPasswordHash = () => argon2.hash(randomUUID(), { type: argon2.argon2id });
