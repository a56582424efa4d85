import { z } from 'zod';
import { id, pagingQuery, UUID_PATTERN } from './common';

/** Administration of users and workgroups (spec 3 §2 Workgroups card, §3, §5, §7 Users and User groups). */

export const PASSWORD_MESSAGE_PRODUCTION =
  'Password must contain at least 8 characters, one uppercase, one number and one special case character (e.g. !@#$%^&*)';
export const PASSWORD_MESSAGE_OTHER = 'Password length cannot be less than 4';
export const WORKGROUP_HAS_USERS = 'Workgroup cannot be deleted if the workgroup has users.';
export const LAST_ADMINISTRATOR = 'The company must keep at least one active administrator.';
export const EMAIL_VERIFICATION_IS_SENT = 'Email verification is sent.';
export const PHONE_PLACEHOLDER = 'ex) 123-456-7890';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PRODUCTION_PASSWORD = /^(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/;

/** The password rule of the environment: production is strict, the others need 4 characters. */
export const passwordSchema = (production: boolean) =>
  production
    ? z.string().max(200, PASSWORD_MESSAGE_PRODUCTION).regex(PRODUCTION_PASSWORD, PASSWORD_MESSAGE_PRODUCTION)
    : z.string().min(4, PASSWORD_MESSAGE_OTHER).max(200, 'Password cannot be greater than 200');

const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label} cannot be greater than ${max}`).default('');

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} cannot be greater than ${max}`);

const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getUTCFullYear() >= 1;
};

export const userEmail = required('Email', 255).regex(EMAIL_PATTERN, 'Please enter a valid email address.');

/** The fields of the user form that an administrator may change after creation. */
export const userFieldsSchema = z.object({
  firstName: required('First name', 100),
  middleName: text('Middle name', 100),
  lastName: required('Last name', 100),
  position: text('Position', 100),
  company: text('Company', 100),
  department: text('Department', 100),
  division: text('Division', 100),
  location: text('Location', 100),
  region: text('Region', 100),
  phone: text('Phone', 20),
  fax: text('Fax', 20),
  mobilePhone: text('Mobile phone', 20),
  companyStartDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Start date is not a valid date')
    .refine(isCalendarDate, 'Start date is not a valid date')
    .nullable()
    .default(null),
  mfa: z.boolean({ error: 'MFA must be true or false' }).default(false),
  userGroupId: z.string({ error: 'Workgroup is required' }).regex(UUID_PATTERN, 'Workgroup is required'),
});
export type UserFieldsInput = z.input<typeof userFieldsSchema>;

/** POST /users: the password is optional (the user sets one from the verification email). */
export const userCreateSchema = (production: boolean) =>
  userFieldsSchema.extend({
    email: userEmail,
    password: z.union([z.literal(''), passwordSchema(production)]).optional(),
  });
export type UserCreateInput = z.input<ReturnType<typeof userCreateSchema>>;
export type UserCreate = z.output<ReturnType<typeof userCreateSchema>>;

/** PUT /users/{id}: the email and password are not changed here. */
export const userUpdateSchema = userFieldsSchema;
export type UserUpdate = z.output<typeof userUpdateSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  position: z.string(),
  companyStartDate: z.string().nullable(),
  company: z.string(),
  department: z.string(),
  division: z.string(),
  location: z.string(),
  region: z.string(),
  phone: z.string(),
  fax: z.string(),
  mobilePhone: z.string(),
  mfa: z.boolean(),
  userGroupId: z.string(),
  userGroupName: z.string(),
  /** 0 pending, 1 active, 2 inactive. */
  status: z.number().int(),
  authenticationType: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Filter keys of GET /users/search (fk); fv is the value. */
export const USER_FILTER_KEYS = ['userGroupId', 'status', 'name'] as const;

export const userSearchQuery = pagingQuery.extend({
  fk: z.enum(USER_FILTER_KEYS, { error: `fk must be one of ${USER_FILTER_KEYS.join(', ')}` }).optional(),
  /** The Workgroups card's 'Inactive user hidden' switch. */
  hideInactive: z
    .enum(['true', 'false'], { error: 'hideInactive must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type UserSearchQuery = z.input<typeof userSearchQuery>;

export const userSearchResponse = z.object({
  items: z.array(adminUserSchema),
  meta: z.object({ hasMore: z.boolean(), page: z.number().int(), total: z.number().int() }),
});
export type UserSearchResult = z.infer<typeof userSearchResponse>;

export const userRemainsResponse = z.object({ remains: z.number().int() });
export type UserRemains = z.infer<typeof userRemainsResponse>;

export const emailVerificationBody = z.object({ userId: id('userId must be a user id') });

export const workgroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  isAdmin: z.boolean(),
  userPrivileges: z.array(z.string()),
  /** Users in the group (deleted users not counted). */
  userCount: z.number().int(),
});
export type Workgroup = z.infer<typeof workgroupSchema>;

export const workgroupName = required('Workgroup name', 100);

export const workgroupInput = z.object({
  name: workgroupName,
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }).default(false),
  userPrivileges: z.array(z.string().max(50), { error: 'userPrivileges must be a list' }).max(100).default([]),
});
export type WorkgroupInput = z.input<typeof workgroupInput>;

export const workgroupUpdate = workgroupInput.extend({ id: id('id must be a workgroup id') });

export const workgroupProperties = z.object({
  name: workgroupName.optional(),
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }).optional(),
});

export const workgroupPrivilegeParams = z.object({
  id: id(),
  privilege: z.string().max(50),
});
