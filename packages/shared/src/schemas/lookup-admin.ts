import { z } from 'zod';
import { LIMITS, LOOKUP_LEVELS, MULTIPLE_LOOKUP_TYPES, type MultipleLookupType } from '../constants';
import type { Privilege } from '../privileges';
import { id } from './common';

/**
 * The lookup types an administrator manages (spec 3 §3 'Lookup types'). Gender and corrective
 * action types are fixed lists of init data (a corrective action type carries a behaviour code).
 */
export const ADMIN_SINGLE_LOOKUP_TYPES = [
  'personType',
  'vehicleInvolvement',
  'department',
  'primaryCause',
  'severityType',
  'referredAgency',
] as const;
export type AdminSingleLookupType = (typeof ADMIN_SINGLE_LOOKUP_TYPES)[number];
export type AdminLookupType = AdminSingleLookupType | MultipleLookupType;

/** The names the Lookups card shows for each type. */
export const LOOKUP_TYPE_NAMES: Record<AdminLookupType, string> = {
  personType: 'Person Type',
  vehicleInvolvement: 'Vehicle Involvement',
  incidentClass: 'Incident Class',
  location: 'Location',
  department: 'Department',
  primaryCause: 'Primary Cause',
  severityType: 'Severity Type',
  referredAgency: 'Referred Agency',
  incidentCause: 'Root Cause',
};

export const isMultipleLookupType = (type: string): type is MultipleLookupType =>
  (MULTIPLE_LOOKUP_TYPES as readonly string[]).includes(type);

/** How many levels a multiple-level type has (spec 3 §9: class 4, location 5, cause 2). */
export const maxLookupLevel = (type: MultipleLookupType): number => LOOKUP_LEVELS[type];

/** Who sees the Lookups card and reads its calls (spec 3 §6). */
export const LOOKUP_MANAGE_PRIVILEGES: readonly Privilege[] = ['LOOKUP_ADD', 'LOOKUP_EDIT', 'LOOKUP_DELETE'];

/** At most this many items (deleted ones not counted) in one type: the lists answer whole types. */
export const MAX_LOOKUPS_PER_TYPE = 2000;

export const LOOKUP_ADMIN_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name cannot be greater than ${LIMITS.nameMax}`,
  idTaken: 'This id is already in use. Please try again.',
  parentNotFound: 'The parent lookup does not exist.',
  tooDeep: (type: MultipleLookupType) => `${LOOKUP_TYPE_NAMES[type]} can have at most ${LOOKUP_LEVELS[type]} levels.`,
  tooMany: `A lookup type can hold at most ${MAX_LOOKUPS_PER_TYPE} items.`,
  labelTooLong: `A label cannot be greater than ${LIMITS.nameMax}`,
  tooManyLabels: (type: MultipleLookupType) => `${LOOKUP_TYPE_NAMES[type]} has ${LOOKUP_LEVELS[type]} levels.`,
} as const;

const lookupName = z
  .string()
  .trim()
  .min(1, LOOKUP_ADMIN_MESSAGES.nameRequired)
  .max(LIMITS.nameMax, LOOKUP_ADMIN_MESSAGES.nameTooLong);

export const adminSingleLookupTypeSchema = z.enum(ADMIN_SINGLE_LOOKUP_TYPES, 'Unknown lookup type');
export const adminMultipleLookupTypeSchema = z.enum(MULTIPLE_LOOKUP_TYPES, 'Unknown lookup type');

/** The lookup form of the card (add and edit dialogs): only the name is typed. */
export const lookupNameForm = z.object({ name: lookupName });
export type LookupNameForm = z.infer<typeof lookupNameForm>;

/** POST /lookupSingles: the id is made by the client (spec 3 §3 'client-generated unique id'). */
export const lookupSingleCreateBody = z.object({
  id: id(),
  type: adminSingleLookupTypeSchema,
  name: lookupName,
  active: z.boolean().default(true),
});
/** PUT /lookupSingles: rename, disable or enable. */
export const lookupSingleUpdateBody = z.object({
  id: id(),
  type: adminSingleLookupTypeSchema,
  name: lookupName,
  active: z.boolean(),
});
export const lookupSingleTypeQuery = z.object({ type: adminSingleLookupTypeSchema });

/** POST /lookupMultiples: a root (parentId null) or a child one level below its parent. */
export const lookupMultipleCreateBody = z.object({
  id: id(),
  type: adminMultipleLookupTypeSchema,
  name: lookupName,
  parentId: id().nullable().default(null),
  active: z.boolean().default(true),
});
export const lookupMultipleUpdateBody = z.object({
  id: id(),
  type: adminMultipleLookupTypeSchema,
  name: lookupName,
  active: z.boolean(),
});
export const lookupMultipleTypeQuery = z.object({ type: adminMultipleLookupTypeSchema });

/** POST /lookupMultipleLabels: one name per level, from level 1 (an empty name: 'Level n'). */
export const lookupLabelsBody = z
  .object({
    type: adminMultipleLookupTypeSchema,
    labels: z.array(z.string().trim().max(LIMITS.nameMax, LOOKUP_ADMIN_MESSAGES.labelTooLong)).min(1),
  })
  .superRefine((value, ctx) => {
    if (value.labels.length > LOOKUP_LEVELS[value.type]) {
      ctx.addIssue({ code: 'custom', path: ['labels'], message: LOOKUP_ADMIN_MESSAGES.tooManyLabels(value.type) });
    }
  });
export type LookupLabelsInput = z.infer<typeof lookupLabelsBody>;
