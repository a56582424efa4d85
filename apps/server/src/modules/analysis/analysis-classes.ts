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
  /** The buckets with their counts, from the counts per incident class id. */
  count(counts: Record<string, number>): AnalysisSeries['data'];
}

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
  return {
    path,
    ...(parent ? { within: [...bucketOf.keys()] } : {}),
    count(counts) {
      const totals = new Map<string, number>();
      for (const [classId, count] of Object.entries(counts)) {
        const bucket = bucketOf.get(classId);
        if (bucket) totals.set(bucket, (totals.get(bucket) ?? 0) + count);
      }
      return buckets.map((node) => ({
        period: node.id,
        label: node.name,
        count: totals.get(node.id) ?? 0,
        hasChildren: (children.get(node.id)?.length ?? 0) > 0,
      }));
    },
  };
}
