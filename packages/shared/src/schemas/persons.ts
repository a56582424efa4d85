import { z } from 'zod';
import { UUID_PATTERN } from './common';

/**
 * The company's register of persons and legal entities (personType 0 person, 1 legal entity):
 * every party ever recorded on an incident, searchable by name, so the same person can be picked
 * again ('Select Person', 'Select Company', duplication check). Cards on an incident carry its id
 * as personId.
 */

export const SEARCH_MESSAGES = {
  personNameRequired: 'Please enter "Person name".',
  companyNameRequired: 'Please enter "Company name".',
  legalEntityNameRequired: 'Please enter "Legal entity name".',
  noSearchData: 'no search data.',
  alreadyExists: ' already exists.',
} as const;

export const personSearchQuery = z.object({
  name: z
    .string({ error: SEARCH_MESSAGES.personNameRequired })
    .trim()
    .min(1, SEARCH_MESSAGES.personNameRequired)
    .max(100),
});
export const companySearchQuery = z.object({
  name: z
    .string({ error: SEARCH_MESSAGES.companyNameRequired })
    .trim()
    .min(1, SEARCH_MESSAGES.companyNameRequired)
    .max(100),
});

/** A person of the register as search and duplication check list it. */
export const personMatchSchema = z.object({
  personId: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  alias: z.string(),
  isEmployee: z.boolean(),
  position: z.string(),
  /** Private (PRIVATE_PERSON_FIELDS): left out for a user without PRIVACY_INFO_VIEW. */
  cityName: z.string().optional(),
  stateName: z.string().optional(),
  /** When the person was last recorded on an incident. */
  lastSeenDate: z.string().nullable(),
});
export type PersonMatch = z.output<typeof personMatchSchema>;

export const companyMatchSchema = z.object({
  personId: z.string(),
  name: z.string(),
  contact: z.string(),
  cityName: z.string(),
  stateName: z.string(),
  isOwner: z.boolean(),
  lastSeenDate: z.string().nullable(),
});
export type CompanyMatch = z.output<typeof companyMatchSchema>;

export const personDuplicationBody = z.object({
  firstName: z.string().max(100).default(''),
  middleName: z.string().max(100).default(''),
  lastName: z.string().max(100).default(''),
});
export const companyDuplicationBody = z.object({ name: z.string().max(100).default('') });

/** POST /incidents/persons and /incidents/companies: a card for an existing register entry. */
export const addPartyBody = z.object({ personId: z.string().regex(UUID_PATTERN, 'Invalid id') });

/** GET /companies/owner: the account's own company as a legal entity. */
export const ownerCompanySchema = z.object({ data: z.object({ id: z.string(), name: z.string() }) });
