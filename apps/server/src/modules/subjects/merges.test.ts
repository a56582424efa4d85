import type {
  Ban,
  IncidentFields,
  MergeCandidate,
  Page,
  Person,
  SubjectIncident,
  SubjectMerge,
  SubjectRow,
} from '@blotter/shared';
import { MERGE_MESSAGES } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompanyRefs,
  companyCard,
  companyRefs,
  incidentForm,
  personCard,
} from '../../../test/fixtures/incident-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';

/*
 * Issue 31 §3, merging duplicate records of the register: the likely duplicates (and their
 * privacy), the merge (every link moves, the merged record leaves the register, audited), the
 * merges that can be undone, the unmerge (the record and exactly the moved links come back,
 * audited; refused after 30 days), the refusals, another company's ids and the privileges.
 */

let t: TestContext;
let company: TestCompany;
let refs: CompanyRefs;
let admin: Record<string, string>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin) =>
  t.inject({ method, url: `/api${url}`, headers, payload: payload as Record<string, unknown> | undefined });
async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin): Promise<T> {
  const r = await call(method, url, payload, headers);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<T>();
}

/** An incident naming one person and one legal entity; answers its id and the register ids. */
async function incident(person: Partial<Person>, companyName = 'Quickfence Ltd', companyId: string | null = null) {
  const fields: IncidentFields = {
    ...incidentForm(refs, { persons: 0, companies: 0, vehicles: 0, items: 0, correctiveActions: 0 }),
    persons: [personCard(refs, 0, { relationSuspect: true, ...person })],
    companies: [companyCard(refs, 0, { name: companyName, personId: companyId })],
  };
  const { id } = await ok<{ id: string }>('POST', '/incidents', fields);
  const [card] = await ok<Person[]>('GET', `/incidents/${id}/persons`);
  const [entity] = await ok<{ personId: string }[]>('GET', `/incidents/${id}/companies`);
  return { id, personId: card?.personId ?? '', companyId: entity?.personId ?? '' };
}

const morgan = { firstName: 'Morgan', middleName: '', lastName: 'Vale', dateOfBirth: '1990-02-03' };
/** Kept: Morgan Vale on incident 1. Duplicate: another Morgan Vale (alias Red) on incidents 2 and 3. */
const ids = { kept: '', duplicate: '', sameBirth: '', other: '', i1: '', i2: '', i3: '', entityA: '', entityB: '' };

const partyRow = (id: string) =>
  t.database.system(async (tx) => {
    const [row] = rowsOf<{ row: Record<string, unknown> }>(
      await tx.execute(sql`select to_jsonb(p) as row from parties p where p.id = ${id}`),
    );
    return row?.row ?? null;
  });
const personIdsOn = (incidentId: string) =>
  t.database.system(async (tx) =>
    rowsOf<{ person_id: string; card: string }>(
      await tx.execute(
        sql`select person_id, data->>'personId' as card from incident_persons where incident_id = ${incidentId}`,
      ),
    ),
  );
const draftPersonIds = (draftId: string) =>
  t.database.system(async (tx) =>
    rowsOf<{ id: string | null }>(
      await tx.execute(
        sql`select e->>'personId' as id from draft_incidents d, jsonb_array_elements(d.data->'persons') e where d.id = ${draftId}`,
      ),
    ).map((row) => row.id),
  );
const auditOf = (type: string) =>
  t.database.system(async (tx) =>
    rowsOf<{ object_id: string; object_name: string; object_data: Record<string, unknown> }>(
      await tx.execute(sql`select object_id, object_name, object_data from audit_entries
        where account_id = ${company.accountId} and object_type = 'SUBJECT' and transaction_type = ${type}
        order by created_at`),
    ),
  );

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Merges Co', concurrentUserCount: 50 });
  refs = await companyRefs(t.database, company.accountId);
  admin = await t.signIn(company.admin);
  const first = await incident({ ...morgan, alias: 'Mo' });
  ids.kept = first.personId;
  ids.i1 = first.id;
  ids.entityA = first.companyId;
  // Typed anew: a second record of the same person, and of the same legal entity.
  const second = await incident({ ...morgan, alias: 'Red', phone: '416-555-0177' }, 'QUICKFENCE LTD');
  ids.duplicate = second.personId;
  ids.i2 = second.id;
  ids.entityB = second.companyId;
  ids.i3 = (
    await incident({ ...morgan, alias: 'Red', phone: '416-555-0177', personId: ids.duplicate }, 'Northgate Inc')
  ).id;
  // The same last name and date of birth, another first name; and someone else entirely.
  ids.sameBirth = (
    await incident(
      { firstName: 'Morgane', middleName: '', lastName: 'Vale', dateOfBirth: '1990-02-03' },
      'Eastgate Inc',
    )
  ).personId;
  ids.other = (
    await incident({ firstName: 'Riley', middleName: '', lastName: 'Stone', dateOfBirth: '1990-02-03' }, 'Westgate Inc')
  ).personId;
  expect(new Set(Object.values(ids)).size).toBe(Object.values(ids).length);
});
afterAll(() => t.close());

describe('GET /api/subjects/:kind/:id/duplicates', () => {
  it('offers the same name first, then the same last name and date of birth, with the private fields', async () => {
    const page = await ok<Page<MergeCandidate>>('GET', `/subjects/person/${ids.kept}/duplicates`);
    expect(page.items.map((c) => [c.id, c.reason])).toEqual([
      [ids.duplicate, 'name'],
      [ids.sameBirth, 'dateOfBirth'],
    ]);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      displayName: 'Morgan Vale',
      detail: 'Red',
      dateOfBirth: '1990-02-03',
      incidentCount: 2,
    });
    expect(page.items[0]?.place).toContain('Ontario');
    expect(page.items[0]?.privateHidden).toBeUndefined();
    // Paged on the server.
    const second = await ok<Page<MergeCandidate>>('GET', `/subjects/person/${ids.kept}/duplicates?p=1&psz=1`);
    expect(second).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(second.items.map((c) => c.id)).toEqual([ids.sameBirth]);
  });

  it('without PRIVACY_INFO_VIEW blanks the date of birth and place, and does not match on them', async () => {
    const editor = await t.createUser(company.accountId, {
      privileges: ['SUBJECT_VIEW', 'SUBJECT_EDIT', 'ALLINCIDENT_SEARCH', 'INCIDENT_LOCK'],
    });
    const r = await call('GET', `/subjects/person/${ids.kept}/duplicates`, undefined, await t.signIn(editor));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body).not.toContain('1990-02-03');
    expect(r.body).not.toContain('Ontario');
    const page = r.json<Page<MergeCandidate>>();
    expect(page.items.map((c) => c.id)).toEqual([ids.duplicate]);
    expect(page.items[0]).toMatchObject({ dateOfBirth: '', place: '', privateHidden: true, detail: 'Red' });
  });

  it('searches the register by name (q), the record itself and the other kind left out', async () => {
    const page = await ok<Page<MergeCandidate>>('GET', `/subjects/person/${ids.kept}/duplicates?q=stone`);
    expect(page.items.map((c) => [c.id, c.reason])).toEqual([[ids.other, 'search']]);
    const vale = await ok<Page<MergeCandidate>>('GET', `/subjects/person/${ids.kept}/duplicates?q=vale`);
    expect(vale.items.map((c) => c.id).sort()).toEqual([ids.duplicate, ids.sameBirth].sort());
    const entities = await ok<Page<MergeCandidate>>('GET', `/subjects/legalEntity/${ids.entityA}/duplicates`);
    expect(entities.items.map((c) => [c.id, c.kind, c.displayName])).toEqual([
      [ids.entityB, 'legalEntity', 'QUICKFENCE LTD'],
    ]);
  });
});

describe('POST /api/subjects/:kind/:id/merge and POST /api/subjects/merges/:id/undo', () => {
  let before: Record<string, unknown> | null = null;
  let merge: SubjectMerge;
  let banId = '';
  let draftId = '';

  it('moves every incident link and ban to the kept record, which the list then shows alone', async () => {
    banId = (
      await ok<Ban>('POST', `/subjects/person/${ids.duplicate}/bans`, {
        banType: 'ban',
        reason: 'Shoplifting.',
        startDate: '2026-01-01',
      })
    ).id;
    // A working copy whose card was picked from the register: the duplicate.
    draftId = (await ok<{ id: string }>('POST', '/draftIncidents', {})).id;
    await ok('PUT', '/draftIncidents', {
      id: draftId,
      data: {
        ...incidentForm(refs, { persons: 0, companies: 0, vehicles: 0, items: 0, correctiveActions: 0 }),
        persons: [personCard(refs, 0, { ...morgan, personId: ids.duplicate }), personCard(refs, 1)],
      },
    });
    before = await partyRow(ids.duplicate);
    expect(before).not.toBeNull();
    merge = await ok<SubjectMerge>('POST', `/subjects/person/${ids.kept}/merge`, { mergedId: ids.duplicate });
    expect(merge).toMatchObject({
      kind: 'person',
      keptId: ids.kept,
      mergedId: ids.duplicate,
      mergedName: 'Morgan Vale',
      mergedByName: expect.any(String),
    });
    expect(merge.person).toMatchObject({ alias: 'Red', phone: '416-555-0177', dateOfBirth: '1990-02-03' });
    expect(Date.parse(merge.undoUntil) - Date.parse(merge.mergedAt)).toBe(30 * 86_400_000);
    // Gone from the register and the list; the kept record has the incidents of both.
    expect(await partyRow(ids.duplicate)).toBeNull();
    expect((await call('GET', `/subjects/person/${ids.duplicate}`)).statusCode).toBe(404);
    const list = (await ok<Page<SubjectRow>>('GET', '/subjects?q=morgan&kind=person')).items.filter(
      (row) => row.displayName === 'Morgan Vale',
    );
    expect(list.map((row) => row.id)).toEqual([ids.kept]);
    expect(list[0]?.incidentCount).toBe(3);
    const timeline = await ok<Page<SubjectIncident>>('GET', `/subjects/person/${ids.kept}/incidents`);
    expect(timeline.items.map((row) => row.id).sort()).toEqual([ids.i1, ids.i2, ids.i3].sort());
    // The card on the incident names the kept record too (what the form and the viewer read).
    for (const id of [ids.i2, ids.i3]) {
      expect(await personIdsOn(id)).toEqual([{ person_id: ids.kept, card: ids.kept }]);
    }
    const bans = await ok<Page<Ban>>('GET', `/subjects/person/${ids.kept}/bans`);
    expect(bans.items.map((ban) => ban.id)).toEqual([banId]);
    expect((await ok<{ aliases: string[] }>('GET', `/subjects/person/${ids.kept}`)).aliases).toEqual(['Mo', 'Red']);
    // The working copy's card names the kept record: saving it will not make the duplicate again.
    expect(await draftPersonIds(draftId)).toEqual([ids.kept, null]);
  });

  it('writes a MERGE audit entry without private fields', async () => {
    const [entry] = await auditOf('MERGE');
    expect(entry).toMatchObject({
      object_id: ids.kept,
      object_name: 'Morgan Vale into Morgan Vale',
      object_data: {
        mergeId: merge.id,
        kind: 'person',
        keptId: ids.kept,
        mergedId: ids.duplicate,
        movedCards: 2,
        movedIncidents: 2,
        movedBans: 1,
        movedDraftCards: 1,
      },
    });
    expect(JSON.stringify(entry)).not.toContain('416-555-0177');
  });

  it('lists the merge on the kept record, its private fields only with PRIVACY_INFO_VIEW', async () => {
    const merges = await ok<Page<SubjectMerge>>('GET', `/subjects/person/${ids.kept}/merges`);
    expect(merges.items.map((m) => m.id)).toEqual([merge.id]);
    expect(merges.items[0]?.person?.phone).toBe('416-555-0177');
    const viewer = await t.createUser(company.accountId, { privileges: ['SUBJECT_VIEW'] });
    const r = await call('GET', `/subjects/person/${ids.kept}/merges`, undefined, await t.signIn(viewer));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body).not.toContain('416-555-0177');
    expect(r.body).not.toContain('1990-02-03');
    expect(r.json<Page<SubjectMerge>>().items[0]?.person).toMatchObject({ privateHidden: true, alias: 'Red' });
  });

  it('unmerges: the record comes back exactly, with exactly the links that moved, audited', async () => {
    const restored = await ok<{ id: string; displayName: string }>('POST', `/subjects/merges/${merge.id}/undo`);
    expect(restored).toEqual({ kind: 'person', id: ids.duplicate, displayName: 'Morgan Vale' });
    expect(await partyRow(ids.duplicate)).toEqual(before);
    expect(await personIdsOn(ids.i1)).toEqual([{ person_id: ids.kept, card: ids.kept }]);
    for (const id of [ids.i2, ids.i3]) {
      expect(await personIdsOn(id)).toEqual([{ person_id: ids.duplicate, card: ids.duplicate }]);
    }
    const bans = await ok<Page<Ban>>('GET', `/subjects/person/${ids.duplicate}/bans`);
    expect(bans.items.map((ban) => ban.id)).toEqual([banId]);
    expect((await ok<Page<Ban>>('GET', `/subjects/person/${ids.kept}/bans`)).total).toBe(0);
    const list = (await ok<Page<SubjectRow>>('GET', '/subjects?q=morgan&kind=person')).items.filter(
      (row) => row.displayName === 'Morgan Vale',
    );
    expect(list.map((row) => row.id).sort()).toEqual([ids.kept, ids.duplicate].sort());
    const [entry] = await auditOf('UNMERGE');
    expect(entry).toMatchObject({
      object_id: ids.duplicate,
      object_data: { mergeId: merge.id, restoredCards: 2, restoredBans: 1, restoredDraftCards: 1 },
    });
    expect(await draftPersonIds(draftId)).toEqual([ids.duplicate, null]);
    // Undone: no longer offered, and not twice.
    expect((await ok<Page<SubjectMerge>>('GET', `/subjects/person/${ids.kept}/merges`)).total).toBe(0);
    const again = await call('POST', `/subjects/merges/${merge.id}/undo`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'BAD_REQUEST', message: MERGE_MESSAGES.undone });
  });

  it('refuses an unmerge after 30 days with a message', async () => {
    const entities = await ok<SubjectMerge>('POST', `/subjects/legalEntity/${ids.entityA}/merge`, {
      mergedId: ids.entityB,
    });
    expect(entities.legalEntity?.name).toBe('QUICKFENCE LTD');
    await t.database.system((tx) =>
      tx.execute(
        sql`update subject_merges set merged_at = now() - interval '30 days 1 minute' where id = ${entities.id}`,
      ),
    );
    const late = await call('POST', `/subjects/merges/${entities.id}/undo`);
    expect(late.statusCode).toBe(400);
    expect(late.json<{ message: string }>().message).toBe(MERGE_MESSAGES.tooLate);
    expect((await ok<Page<SubjectMerge>>('GET', `/subjects/legalEntity/${ids.entityA}/merges`)).total).toBe(0);
    expect(await partyRow(ids.entityB)).toBeNull();
  });

  it('refuses an unmerge while the kept record is itself merged into another', async () => {
    const first = await ok<SubjectMerge>('POST', `/subjects/person/${ids.kept}/merge`, { mergedId: ids.duplicate });
    const second = await ok<SubjectMerge>('POST', `/subjects/person/${ids.sameBirth}/merge`, { mergedId: ids.kept });
    const blocked = await call('POST', `/subjects/merges/${first.id}/undo`);
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json<{ message: string }>().message).toBe(MERGE_MESSAGES.keptGone);
    // Undone in reverse order, both come back.
    await ok('POST', `/subjects/merges/${second.id}/undo`);
    await ok('POST', `/subjects/merges/${first.id}/undo`);
    expect(await personIdsOn(ids.i1)).toEqual([{ person_id: ids.kept, card: ids.kept }]);
    expect(await personIdsOn(ids.i3)).toEqual([{ person_id: ids.duplicate, card: ids.duplicate }]);
  });
});

describe('refusals', () => {
  const refused = async (url: string, mergedId: string, message: string) => {
    const r = await call('POST', url, { mergedId });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toEqual({ code: 'BAD_REQUEST', message });
  };

  it('answers 400 for the record itself, another kind, the company itself and vehicles', async () => {
    const owner = (await ok<{ data: { id: string } }>('GET', '/companies/owner')).data.id;
    await refused(`/subjects/person/${ids.kept}/merge`, ids.kept, MERGE_MESSAGES.self);
    await refused(`/subjects/person/${ids.kept}/merge`, ids.entityA, MERGE_MESSAGES.otherKind);
    await refused(`/subjects/legalEntity/${ids.entityA}/merge`, owner, MERGE_MESSAGES.owner);
    await refused(`/subjects/legalEntity/${owner}/merge`, ids.entityA, MERGE_MESSAGES.owner);
    await refused(`/subjects/vehicle/${ids.kept}/merge`, ids.duplicate, MERGE_MESSAGES.notMergeable);
    const bad = await call('POST', `/subjects/person/${ids.kept}/merge`, { mergedId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(MERGE_MESSAGES.invalidMerged);
    // A record of another kind named in the path is not found, like on the other subject routes.
    expect((await call('POST', `/subjects/legalEntity/${ids.kept}/merge`, { mergedId: ids.entityA })).statusCode).toBe(
      404,
    );
  });

  it("answers 404 for another company's records and merges, and changes nothing", async () => {
    const other = await t.createCompany({ name: 'Other Co' });
    const otherAdmin = await t.signIn(other.admin);
    const otherRefs = await companyRefs(t.database, other.accountId);
    const fields: IncidentFields = {
      ...incidentForm(otherRefs, { persons: 0, companies: 0, vehicles: 0, items: 0, correctiveActions: 0 }),
      persons: [personCard(otherRefs, 0, morgan), personCard(otherRefs, 1, morgan)],
    };
    const { id } = await ok<{ id: string }>('POST', '/incidents', fields, otherAdmin);
    const theirs = (await ok<Person[]>('GET', `/incidents/${id}/persons`, undefined, otherAdmin)).map(
      (p) => p.personId ?? '',
    );
    const theirMerge = await ok<SubjectMerge>(
      'POST',
      `/subjects/person/${theirs[0]}/merge`,
      { mergedId: theirs[1] },
      otherAdmin,
    );
    for (const r of [
      await call('POST', `/subjects/person/${theirs[0]}/merge`, { mergedId: ids.kept }),
      await call('POST', `/subjects/person/${ids.kept}/merge`, { mergedId: theirs[0] }),
      await call('GET', `/subjects/person/${theirs[0]}/duplicates`),
      await call('GET', `/subjects/person/${theirs[0]}/merges`),
      await call('POST', `/subjects/merges/${theirMerge.id}/undo`),
    ]) {
      expect(r.statusCode, r.body).toBe(404);
      expect(r.json<{ code: string }>().code).toBe('NOT_FOUND');
    }
    expect(
      (await ok<Page<SubjectMerge>>('GET', `/subjects/person/${theirs[0]}/merges`, undefined, otherAdmin)).total,
    ).toBe(1);
    // Their duplicate searches never offer this company's records.
    const found = await ok<Page<MergeCandidate>>(
      'GET',
      `/subjects/person/${theirs[0]}/duplicates?q=vale`,
      undefined,
      otherAdmin,
    );
    expect(found.total).toBe(0);
  });

  it('needs SUBJECT_EDIT to merge, see candidates and unmerge; SUBJECT_VIEW to list the merges', async () => {
    const viewer = await t.signIn(await t.createUser(company.accountId, { privileges: ['SUBJECT_VIEW'] }));
    for (const r of [
      await call('POST', `/subjects/person/${ids.kept}/merge`, { mergedId: ids.duplicate }, viewer),
      await call('GET', `/subjects/person/${ids.kept}/duplicates`, undefined, viewer),
      await call('POST', `/subjects/merges/${ids.kept}/undo`, undefined, viewer),
    ]) {
      expect(r.statusCode).toBe(403);
    }
    expect((await call('GET', `/subjects/person/${ids.kept}/merges`, undefined, viewer)).statusCode).toBe(200);
    const plain = await t.signIn(await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_SEARCH'] }));
    expect((await call('GET', `/subjects/person/${ids.kept}/merges`, undefined, plain)).statusCode).toBe(403);
    // Nothing was merged by the refused calls.
    expect(await partyRow(ids.duplicate)).not.toBeNull();
  });
});

describe('after a merge', () => {
  const morganRows = async () =>
    (await ok<Page<SubjectRow>>('GET', '/subjects?q=morgan&kind=person')).items
      .filter((row) => row.displayName === 'Morgan Vale')
      .map((row) => row.id)
      .sort();

  it('a form opened before the merge names the record kept (following later merges), not a new duplicate', async () => {
    const first = await ok<SubjectMerge>('POST', `/subjects/person/${ids.kept}/merge`, { mergedId: ids.duplicate });
    const second = await ok<SubjectMerge>('POST', `/subjects/person/${ids.sameBirth}/merge`, { mergedId: ids.kept });
    // Picked from the register before both merges: the duplicate; and entityB, merged for good.
    const stale = await incident({ ...morgan, alias: 'Red', personId: ids.duplicate }, 'QUICKFENCE LTD', ids.entityB);
    expect(stale.personId).toBe(ids.sameBirth);
    expect(stale.companyId).toBe(ids.entityA);
    // A working copy autosaved from such a form is saved too, naming the record kept.
    const draftId = (await ok<{ id: string }>('POST', '/draftIncidents', {})).id;
    await ok('PUT', '/draftIncidents', {
      id: draftId,
      data: {
        ...incidentForm(refs, { persons: 0, companies: 0, vehicles: 0, items: 0, correctiveActions: 0 }),
        persons: [personCard(refs, 0, { ...morgan, personId: ids.duplicate })],
      },
    });
    expect(await draftPersonIds(draftId)).toEqual([ids.sameBirth]);
    // No new record: the card's details are the latest knowledge of the record it names now.
    expect(await morganRows()).toEqual([ids.sameBirth]);
    expect(await partyRow(ids.duplicate)).toBeNull();
    await ok('POST', `/subjects/merges/${second.id}/undo`);
    await ok('POST', `/subjects/merges/${first.id}/undo`);
    // The unmerges move back what the merges moved; the card saved since stays where it was saved.
    expect(await morganRows()).toEqual([ids.kept, ids.duplicate, ids.sameBirth].sort());
    expect(await personIdsOn(stale.id)).toEqual([{ person_id: ids.sameBirth, card: ids.sameBirth }]);
  });

  it('an incident edited between merge and unmerge leaves the record kept with its own details', async () => {
    const details = async (id: string) => {
      const row = await partyRow(id);
      return { alias: row?.alias, data: row?.data as Record<string, unknown> };
    };
    /** Opens the incident's working copy, changes its person card, and submits it. */
    const edit = async (incidentId: string, change: Partial<Person>) => {
      const copy = await ok<{ data: IncidentFields }>('POST', '/draftIncidents', { incidentId });
      const [card, ...rest] = copy.data.persons;
      await ok('PUT', '/incidents', { ...copy.data, persons: [{ ...card, ...change }, ...rest], id: incidentId });
    };
    const keptBefore = await details(ids.kept);
    const duplicateBefore = await partyRow(ids.duplicate);
    expect(keptBefore.alias).toBe('Mo');
    const merge = await ok<SubjectMerge>('POST', `/subjects/person/${ids.kept}/merge`, { mergedId: ids.duplicate });
    // Saving an incident of the merged record writes its card into the record kept (the latest knowledge).
    await edit(ids.i2, {});
    expect((await details(ids.kept)).alias).toBe('Red');
    await ok('POST', `/subjects/merges/${merge.id}/undo`);
    expect(await details(ids.kept)).toEqual(keptBefore);
    expect(await partyRow(ids.duplicate)).toEqual(duplicateBefore);

    // Its own incident saved since the merge: the record kept takes that card, the latest of its own.
    const again = await ok<SubjectMerge>('POST', `/subjects/person/${ids.kept}/merge`, { mergedId: ids.duplicate });
    await edit(ids.i1, { phone: '416-555-0100' });
    await edit(ids.i3, {});
    expect((await details(ids.kept)).alias).toBe('Red');
    await ok('POST', `/subjects/merges/${again.id}/undo`);
    expect(await details(ids.kept)).toEqual({ alias: 'Mo', data: { ...keptBefore.data, phone: '416-555-0100' } });
  });

  it('the record kept is last seen when either was, and as before once unmerged', async () => {
    const seen = (id: string) =>
      t.database.system(async (tx) => {
        const [row] = rowsOf<{ at: string | null }>(
          await tx.execute(sql`select last_seen_at::text as at from parties where id = ${id}`),
        );
        return row?.at ?? null;
      });
    await t.database.system(async (tx) => {
      await tx.execute(sql`update parties set last_seen_at = '2026-01-10T10:00:00Z' where id = ${ids.kept}`);
      await tx.execute(sql`update parties set last_seen_at = '2026-03-01T10:00:00Z' where id = ${ids.duplicate}`);
    });
    const keptBefore = await seen(ids.kept);
    const duplicateSeen = await seen(ids.duplicate);
    const merge = await ok<SubjectMerge>('POST', `/subjects/person/${ids.kept}/merge`, { mergedId: ids.duplicate });
    expect(await seen(ids.kept)).toBe(duplicateSeen);
    await ok('POST', `/subjects/merges/${merge.id}/undo`);
    expect(await seen(ids.kept)).toBe(keptBefore);
    expect(await seen(ids.duplicate)).toBe(duplicateSeen);
  });

  it("moves the incidents' banned-subject alerts with the record, and back when unmerged", async () => {
    const jordan = { firstName: 'Jordan', middleName: '', lastName: 'Pike' };
    const keptJordan = (await incident(jordan, 'Pike Holdings')).personId;
    const copyJordan = (await incident({ ...jordan, alias: 'JP' }, 'Pike Holdings Two')).personId;
    await ok('POST', `/subjects/person/${copyJordan}/bans`, {
      banType: 'ban',
      reason: 'Theft.',
      startDate: '2000-01-01',
    });
    const flagged = await incident({ ...jordan, alias: 'JP', personId: copyJordan }, 'Pike Holdings Three');
    const alertSubjects = () =>
      t.database.system(async (tx) =>
        rowsOf<{ subject_id: string }>(
          await tx.execute(sql`select subject_id from incident_subject_alerts where incident_id = ${flagged.id}`),
        ).map((row) => row.subject_id),
      );
    expect(await alertSubjects()).toEqual([copyJordan]);
    const merge = await ok<SubjectMerge>('POST', `/subjects/person/${keptJordan}/merge`, { mergedId: copyJordan });
    expect(await alertSubjects()).toEqual([keptJordan]);
    await ok('POST', `/subjects/merges/${merge.id}/undo`);
    expect(await alertSubjects()).toEqual([copyJordan]);
  });
});
