import type { AnalysisSeries } from '@blotter/shared';
import { badRequest } from '../../plugins/errors';
import type { ClassNode } from './analysis.queries';

export const CLASS_PATH_MESSAGES = {
  unknownClass: 'The selected class is not one of your incident classes.',
  notAPath: 'The selected classes must each be a sub-class of the one before, from a top-level class.',
} as const;

export interface ClassBuckets {
  /** The drill-down path with names, for the breadcrumbs. */
  path: { id: string; name: string }[];
  /** On drill-down, the ids of the clicked class's subtree: only its incidents are counted. */
  within?: string[];
  /**
   * Each period's buckets with their counts, from its counts per incident class id. On drill-down,
   * incidents filed on the clicked class itself (on none of its sub-classes) get a bucket of their
   * own, '{name} (no sub-class)', when any period has one, so the bars add up to the bar clicked.
   */
  count(periods: readonly Record<string, number>[]): AnalysisSeries['data'][];
}

/** The label of the drill-down bucket of incidents filed on the clicked class itself. */
export const ownClassLabel = (name: string) => `${name} (no sub-class)`;

/**
 * The buckets of the class frequency (spec 2 §2 analysis chart, §4 drill-down): the top-level
 * classes, or the sub-classes of the last class of `selected` (the path clicked so far, root
 * first). Each bucket counts the incidents of its whole subtree; `hasChildren` says whether a click
 * drills further. A path that is not a chain of the company's classes from the top is 400.
 */
export function classBuckets(tree: readonly ClassNode[], selected: readonly string[]): ClassBuckets {
  const byId = new Map(tree.map((node) => [node.id, node]));
  const children = new Map<string | null, ClassNode[]>();
  for (const node of tree) {
    const siblings = children.get(node.parentId) ?? [];
    siblings.push(node);
    children.set(node.parentId, siblings);
  }
  const path = selected.map((id, n) => {
    const node = byId.get(id);
    if (!node) throw badRequest(CLASS_PATH_MESSAGES.unknownClass);
    if (node.parentId !== (n === 0 ? null : selected[n - 1])) throw badRequest(CLASS_PATH_MESSAGES.notAPath);
    return { id: node.id, name: node.name };
  });
  const parent = path.at(-1)?.id ?? null;
  const buckets = children.get(parent) ?? [];
  // Each class of a bucket's subtree counts for that bucket.
  const bucketOf = new Map<string, string>();
  const descend = (bucket: string, id: string) => {
    bucketOf.set(id, bucket);
    for (const child of children.get(id) ?? []) descend(bucket, child.id);
  };
  for (const bucket of buckets) descend(bucket.id, bucket.id);
  const clicked = path.at(-1);
  if (clicked) bucketOf.set(clicked.id, clicked.id);
  return {
    path,
    ...(parent ? { within: [...bucketOf.keys()] } : {}),
    count(periods) {
      const own = clicked && periods.some((counts) => (counts[clicked.id] ?? 0) > 0);
      const shown = own ? [...buckets, { id: clicked.id, name: ownClassLabel(clicked.name) }] : buckets;
      return periods.map((counts) => {
        const totals = new Map<string, number>();
        for (const [classId, count] of Object.entries(counts)) {
          const bucket = bucketOf.get(classId);
          if (bucket) totals.set(bucket, (totals.get(bucket) ?? 0) + count);
        }
        return shown.map((node) => ({
          period: node.id,
          label: node.name,
          count: totals.get(node.id) ?? 0,
          hasChildren: node.id !== clicked?.id && (children.get(node.id)?.length ?? 0) > 0,
        }));
      });
    },
  };
}
