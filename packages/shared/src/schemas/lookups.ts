import { z } from 'zod';
import { MULTIPLE_LOOKUP_TYPES, SINGLE_LOOKUP_TYPES } from '../constants';
import { UUID_PATTERN } from './common';

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
  /** A behaviour code, e.g. REFERRED on the corrective action type that refers a matter on. */
  code: z.string(),
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

/** The address of a location lookup (spec 3 §3 Location address; rules of spec 3 §5). */
export const lookupAddressBody = z.object({
  lookupLocationId: z.string().regex(UUID_PATTERN, 'Invalid id'),
  name: z.string().max(100, 'Name must be at most 100 characters.').default(''),
  unit: z.string().max(20, 'Unit must be at most 20 characters.').default(''),
  address: z.string().max(100, 'Address must be at most 100 characters.').default(''),
  street: z.string().max(50, 'Street must be at most 50 characters.').default(''),
  cityId: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.string().regex(UUID_PATTERN, 'invalid cityId').nullable(),
  ),
  cityName: z.string().max(100).default(''),
  stateName: z.string().max(100).default(''),
  countryCode: z.string().max(2).default('CA'),
  postalCode: z.string().max(10, 'Postal code must be at most 10 characters.').default(''),
});
export const lookupAddressUpdateBody = lookupAddressBody.extend({ id: z.string().regex(UUID_PATTERN, 'Invalid id') });
export const lookupAddressSchema = lookupAddressBody.extend({ id: z.string(), cityId: z.string().nullable() });
export type LookupAddress = z.output<typeof lookupAddressSchema>;
