import { ANALYSIS_MESSAGES, type AnalysisResult } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysis,
  analyze,
  type Headers,
  item,
  locationChild,
  nonZero,
  range,
  submitOccurred,
} from '../../../test/fixtures/analysis-fixtures';
import { type CompanyRefs, companyRefs } from '../../../test/fixtures/incident-fixtures';
import { classTree } from '../../../test/fixtures/search-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { CLASS_PATH_MESSAGES } from './analysis-classes';

/** The class frequency and its drill-down, and the class and location filters (descendants included). */
let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let admin: Headers;
let refs: CompanyRefs;
let classes: { child: string; parent: string; other: string };
let foreignClasses: { child: string; parent: string; other: string };
let subLocation: string;

const MARCH = range('2025-03-01', '2025-03-31');
const UTC = { timezone: 'UTC' };
const at = (day: number) => `2025-03-${String(day).padStart(2, '0')}T12:00:00.000Z`;

const namesOf = async (accountId: string) => {
  const result = (await t.database.system((tx) =>
    tx.execute(sql`select id, name, parent_id from lookups where account_id = ${accountId} and type = 'incidentClass'`),
  )) as unknown as { rows: { id: string; name: string; parent_id: string | null }[] };
  return result.rows;
};

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Classes Co' });
  other = await t.createCompany({ name: 'Other Classes Co' });
  admin = await t.signIn(company.admin);
  refs = await companyRefs(t.database, company.accountId);
  classes = await classTree(t, company.accountId);
  foreignClasses = await classTree(t, other.accountId);
  subLocation = await locationChild(t, company.accountId, refs.location);
  // child (sub-location), parent, other, other: in March 2025.
  await submitOccurred(t, admin, refs, at(3), (f) => ({
    ...f,
    lastClassId: classes.child,
    location: { ...f.location, lastLocationId: subLocation },
  }));
  await submitOccurred(t, admin, refs, at(4), (f) => ({ ...f, lastClassId: classes.parent }));
  await submitOccurred(t, admin, refs, at(5), (f) => ({ ...f, lastClassId: classes.other }));
  await submitOccurred(t, admin, refs, at(6), (f) => ({ ...f, lastClassId: classes.other }));
  // The other company's incident in its own child class: never counted here.
  const otherRefs = await companyRefs(t.database, other.accountId);
  await submitOccurred(t, await t.signIn(other.admin), otherRefs, at(3), (f) => ({
    ...f,
    lastClassId: foreignClasses.child,
  }));
});
afterAll(() => t.close());

const total = (result: AnalysisResult, series = 0) =>
  result.series[series]?.data.reduce((sum, bucket) => sum + bucket.count, 0);

describe('class frequency', () => {
  it('counts the top-level classes in their order, each with its descendants, zero classes included', async () => {
    const rows = await namesOf(company.accountId);
    const roots = rows.filter((row) => row.parent_id === null);
    const result = await analysis(t, admin, [item(MARCH, 'class', UTC)]);
    const data = result.series[0]?.data ?? [];
    expect(data.map((bucket) => bucket.period).sort()).toEqual(roots.map((row) => row.id).sort());
    expect(nonZero(result)).toEqual({ [classes.parent]: 2, [classes.other]: 2 });
    const parent = data.find((bucket) => bucket.period === classes.parent);
    expect(parent).toEqual({
      period: classes.parent,
      label: rows.find((row) => row.id === classes.parent)?.name,
      count: 2,
      hasChildren: true,
    });
    expect(result).toMatchObject({ frequency: 'class', selectedClasses: [] });
  });

  it('drills down to the sub-classes of the last selected class, with the path named for the breadcrumbs', async () => {
    const rows = await namesOf(company.accountId);
    const children = rows.filter((row) => row.parent_id === classes.parent);
    const result = await analysis(
      t,
      admin,
      [item(MARCH, 'class', UTC), item(range('2025-04-01', '2025-04-30'), 'class', UTC)],
      {
        selectedClasses: [classes.parent],
      },
    );
    expect(result.selectedClasses).toEqual([
      { id: classes.parent, name: rows.find((row) => row.id === classes.parent)?.name },
    ]);
    const parentName = rows.find((row) => row.id === classes.parent)?.name ?? '';
    // The sub-classes, then the incidents classed on the parent itself, so the bars add up to the
    // bar clicked; the April period shows the same buckets.
    for (const series of result.series) {
      expect(series.data.map((bucket) => bucket.period)).toEqual([
        ...children.map((row) => row.id).filter((id) => series.data.some((bucket) => bucket.period === id)),
        classes.parent,
      ]);
    }
    expect(result.series[0]?.data).toHaveLength(children.length + 1);
    expect(result.series[0]?.data.at(-1)).toEqual({
      period: classes.parent,
      label: `${parentName} (no sub-class)`,
      count: 1,
      hasChildren: false,
    });
    expect(nonZero(result)).toEqual({ [classes.child]: 1, [classes.parent]: 1 });
    expect(total(result, 1)).toBe(0);
    const deeper = await analysis(t, admin, [item(MARCH, 'class', UTC)], {
      selectedClasses: [classes.parent, classes.child],
    });
    expect(deeper.selectedClasses.map((c) => c.id)).toEqual([classes.parent, classes.child]);
    const grandchildren = rows.filter((row) => row.parent_id === classes.child).map((row) => row.id);
    expect(deeper.series[0]?.data.map((bucket) => bucket.period).sort()).toEqual(
      [...grandchildren, classes.child].sort(),
    );
    // The child's incident is on the child itself, under none of its sub-classes.
    expect(nonZero(deeper)).toEqual({ [classes.child]: 1 });
    // Without incidents on the clicked class itself, only its sub-classes show.
    const april = await analysis(t, admin, [item(range('2025-04-01', '2025-04-30'), 'class', UTC)], {
      selectedClasses: [classes.parent],
    });
    expect(april.series[0]?.data.map((bucket) => bucket.period).sort()).toEqual(children.map((row) => row.id).sort());
  });

  it('answers 400 to a class path that is not a chain of the company classes, or a drill-down without class frequency', async () => {
    const cases: [object, string][] = [
      [
        { criteria: [item(MARCH, 'class', UTC)], selectedClasses: [foreignClasses.parent] },
        CLASS_PATH_MESSAGES.unknownClass,
      ],
      [{ criteria: [item(MARCH, 'class', UTC)], selectedClasses: [classes.child] }, CLASS_PATH_MESSAGES.notAPath],
      [
        { criteria: [item(MARCH, 'class', UTC)], selectedClasses: [classes.other, classes.child] },
        CLASS_PATH_MESSAGES.notAPath,
      ],
      [
        { criteria: [item(MARCH, 'month', UTC)], selectedClasses: [classes.parent] },
        ANALYSIS_MESSAGES.drillDownNeedsClass,
      ],
      [{ criteria: [item(MARCH, 'class', UTC)], selectedClasses: ['not-an-id'] }, 'Invalid id'],
    ];
    for (const [payload, message] of cases) {
      const response = await analyze(t, admin, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
    }
  });
});

describe('class and location filters', () => {
  const filtered = (extra: object) => analysis(t, admin, [item(MARCH, 'month', { ...UTC, ...extra })]);
  const values = (...ids: string[]) => ({ values: ids, logicalOperation: 'OR' });

  it('counts a class with its descendants, several classes joined by OR', async () => {
    expect(nonZero(await filtered({ classCriteria: values(classes.parent) }))).toEqual({ '2025-03': 2 });
    expect(nonZero(await filtered({ classCriteria: values(classes.child) }))).toEqual({ '2025-03': 1 });
    expect(nonZero(await filtered({ classCriteria: values(classes.child, classes.other) }))).toEqual({ '2025-03': 3 });
  });

  it('counts a location with its descendants, and a class AND a location', async () => {
    expect(nonZero(await filtered({ locationCriteria: values(refs.location) }))).toEqual({ '2025-03': 4 });
    expect(nonZero(await filtered({ locationCriteria: values(subLocation) }))).toEqual({ '2025-03': 1 });
    expect(
      nonZero(await filtered({ classCriteria: values(classes.other), locationCriteria: values(subLocation) })),
    ).toEqual({});
    expect(
      nonZero(await filtered({ classCriteria: values(classes.parent), locationCriteria: values(subLocation) })),
    ).toEqual({ '2025-03': 1 });
  });

  it("finds nothing with another company's class or location ids, and never counts its incidents", async () => {
    const otherRefs = await companyRefs(t.database, other.accountId);
    expect(nonZero(await filtered({ classCriteria: values(foreignClasses.child) }))).toEqual({});
    expect(nonZero(await filtered({ classCriteria: values(foreignClasses.parent) }))).toEqual({});
    expect(nonZero(await filtered({ locationCriteria: values(otherRefs.location) }))).toEqual({});
    const byClass = await analysis(t, admin, [item(MARCH, 'class', UTC)]);
    expect(byClass.series[0]?.data.map((bucket) => bucket.period)).not.toContain(foreignClasses.parent);
    expect(total(byClass)).toBe(4);
  });

  it('filters the class frequency too', async () => {
    const result = await analysis(t, admin, [
      item(MARCH, 'class', { ...UTC, locationCriteria: { values: [subLocation], logicalOperation: 'OR' } }),
    ]);
    expect(nonZero(result)).toEqual({ [classes.parent]: 1 });
  });
});
