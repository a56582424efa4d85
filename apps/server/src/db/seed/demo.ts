import { REFERRED, STAFF_PRIVILEGES } from '@blotter/shared';
import argon2 from 'argon2';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../client';
import { accounts, notifications, systemState, users, workgroups } from '../schema/index';
import { DEMO_LOOKUP_LABELS, DEMO_MULTIPLE_LOOKUPS, DEMO_SINGLE_LOOKUPS } from './data/demo-lookups';
import { seedDemoHistory } from './demo-history/seed-demo-history';
import { insertLookupSet } from './lookup-set';

/** Behaviour codes of seeded single lookups, by type and name. */
const DEMO_LOOKUP_CODES = {
  correctiveActionType: { Referred: REFERRED },
} as const;

export const DEMO_COMPANY_NAME = 'Demo Security Inc.';
export const DEMO_ADMIN_EMAIL = 'admin@demo.example';
export const DEMO_STAFF_EMAIL = 'staff@demo.example';
/** system_state key of the demo company's ids (DemoCompany), written when the first start made it. */
export const DEMO_MARKER = 'demo_company';
const MARKER = DEMO_MARKER;
const HISTORY_MARKER = 'demo_history';

/** The demo company's realistic lookup lists (every test company starts with them too). */
export async function seedCompanyLookups(tx: Tx, accountId: string) {
  await insertLookupSet(tx, accountId, {
    labels: DEMO_LOOKUP_LABELS,
    trees: DEMO_MULTIPLE_LOOKUPS,
    lists: DEMO_SINGLE_LOOKUPS,
    codes: DEMO_LOOKUP_CODES,
  });
}

export interface DemoCompany {
  accountId: string;
  adminId: string;
  staffId: string;
}

/**
 * Creates the demo company 'Demo Security Inc.' with its workgroups, users and lookups; `ids` gives
 * the company and its users the ids they had (a restore of the demo site), new ones otherwise.
 */
export async function createDemoCompany(tx: Tx, password: string, ids?: DemoCompany): Promise<DemoCompany> {
  const [account] = await tx
    .insert(accounts)
    .values({
      ...(ids ? { id: ids.accountId } : {}),
      companyName: DEMO_COMPANY_NAME,
      accountType: 'general',
      companyCountryCode: 'CA',
      phone: '416-555-0100',
      measurementType: 0,
      dateFormat: 0,
      trial: false,
      subscriptionType: 'manual',
      subscriptionSource: 'MANUAL',
      concurrentUserCount: 25,
      billingEmail: 'billing@demo.example',
      billingContactName: 'Dana Whitfield',
      billingAddressLine1: '100 King St W',
      billingAddressCity: 'Toronto',
      billingAddressState: 'ON',
      billingAddressPostalCode: 'M5X 1A9',
      billingAddressCountryCode: 'CA',
      billingPhone: '416-555-0100',
      isDemo: true,
    })
    .returning({ id: accounts.id });
  if (!account) throw new Error('Could not create the demo company');
  const accountId = account.id;
  const groups = await tx
    .insert(workgroups)
    .values([
      { accountId, name: 'Administrators', isAdmin: true, privileges: [] },
      { accountId, name: 'Staff', isAdmin: false, privileges: [...STAFF_PRIVILEGES] },
    ])
    .returning({ id: workgroups.id, name: workgroups.name });
  const groupId = (name: string) => groups.find((g) => g.name === name)?.id ?? '';
  const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
  const people = await tx
    .insert(users)
    .values([
      {
        ...(ids ? { id: ids.adminId } : {}),
        accountId,
        email: DEMO_ADMIN_EMAIL,
        passwordHash,
        firstName: 'Dana',
        lastName: 'Whitfield',
        position: 'Director of Security',
        department: 'Security',
        company: DEMO_COMPANY_NAME,
        location: 'Head Office',
        phone: '416-555-0101',
        userGroupId: groupId('Administrators'),
        status: 1,
        companyStartDate: '2019-03-01',
      },
      {
        ...(ids ? { id: ids.staffId } : {}),
        accountId,
        email: DEMO_STAFF_EMAIL,
        passwordHash,
        firstName: 'Sam',
        lastName: 'Ortiz',
        position: 'Security Officer',
        department: 'Security',
        company: DEMO_COMPANY_NAME,
        location: 'Head Office',
        phone: '416-555-0102',
        userGroupId: groupId('Staff'),
        status: 1,
        companyStartDate: '2022-06-15',
      },
    ])
    .returning({ id: users.id, email: users.email });
  const adminId = people.find((p) => p.email === DEMO_ADMIN_EMAIL)?.id ?? '';
  const staffId = people.find((p) => p.email === DEMO_STAFF_EMAIL)?.id ?? '';
  await tx.update(accounts).set({ accountHolderId: adminId }).where(eq(accounts.id, accountId));
  await seedCompanyLookups(tx, accountId);
  await tx.insert(notifications).values({
    accountId,
    message: 'Welcome to Demo Security Inc., the Blotter demo company. Feel free to explore.',
    notificationType: 'GENERAL',
    level: 'INFO',
    userDismissAvailable: true,
  });
  return { accountId, adminId, staffId };
}

/** Seeds the demo company once; answers true when it was created now (first start). */
export async function seedDemoCompany(database: Database, password: string): Promise<boolean> {
  const existing = await database.system((tx) => tx.select().from(systemState).where(eq(systemState.key, MARKER)));
  if (existing.length > 0) return false;
  return database
    .system(async (tx) => {
      const demo = await createDemoCompany(tx, password);
      const inserted = await tx
        .insert(systemState)
        .values({ key: MARKER, value: demo })
        .onConflictDoNothing()
        .returning({ key: systemState.key });
      // Another process seeded it at the same moment: undo ours.
      if (inserted.length === 0) throw new DemoAlreadySeeded();
      return true;
    })
    .catch((error) => {
      if (error instanceof DemoAlreadySeeded) return false;
      throw error;
    });
}

class DemoAlreadySeeded extends Error {}

/**
 * Seeds the demo company's history once, after the company (demo-history/seed-demo-history.ts);
 * answers how many incidents it created (0 when there was no demo company, the history was seeded
 * before, or the company already had incidents).
 */
export async function seedDemoCompanyHistory(database: Database): Promise<number> {
  const markers = await database.system((tx) =>
    tx
      .select()
      .from(systemState)
      .where(inArray(systemState.key, [MARKER, HISTORY_MARKER])),
  );
  const company = markers.find((marker) => marker.key === MARKER)?.value as DemoCompany | undefined;
  if (!company || markers.some((marker) => marker.key === HISTORY_MARKER)) return 0;
  const created = await seedDemoHistory(database, company);
  await database.system((tx) =>
    tx
      .insert(systemState)
      .values({ key: HISTORY_MARKER, value: { incidents: created } })
      .onConflictDoNothing(),
  );
  return created;
}
