import { z } from 'zod';
import { MULTIPLE_LOOKUP_TYPES, SINGLE_LOOKUP_TYPES } from '../constants';

export const singleLookupTypeSchema = z.enum(SINGLE_LOOKUP_TYPES);
export const multipleLookupTypeSchema = z.enum(MULTIPLE_LOOKUP_TYPES);

export interface LookupNode {
  id: string;
  type: string;
  name: string;
  active: boolean;
  parentId: string | null;
  level: number;
  parentPath: string;
  label: string;
  addressId: string | null;
  children: LookupNode[];
}

export const lookupNodeSchema: z.ZodType<LookupNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    type: z.string(),
    name: z.string(),
    active: z.boolean(),
    parentId: z.string().nullable(),
    level: z.number().int(),
    parentPath: z.string(),
    label: z.string(),
    addressId: z.string().nullable(),
    children: z.array(lookupNodeSchema),
  }),
);

export const singleLookupSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  active: z.boolean(),
});
export type SingleLookup = z.infer<typeof singleLookupSchema>;

/** Per-level label names of the multiple-level lookup types. */
export const lookupLabelsSchema = z.record(z.string(), z.array(z.string()));
export type LookupLabels = z.infer<typeof lookupLabelsSchema>;

/** Finds a node anywhere in a lookup tree. */
export function findLookupNode(nodes: readonly LookupNode[], id: string): LookupNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findLookupNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The names from the root to the node, e.g. ['Security', 'Theft', 'Shoplifting']. */
export function lookupPath(nodes: readonly LookupNode[], id: string): string[] {
  for (const node of nodes) {
    if (node.id === id) return [node.name];
    const below = lookupPath(node.children, id);
    if (below.length > 0) return [node.name, ...below];
  }
  return [];
}
