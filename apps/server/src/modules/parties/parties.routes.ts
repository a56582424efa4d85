import {
  addPartyBody,
  companyDuplicationBody,
  companyMatchSchema,
  companySearchQuery,
  legalEntitySchema,
  ownerCompanySchema,
  type Privilege,
  personDuplicationBody,
  personMatchSchema,
  personSchema,
  personSearchQuery,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accountFolder } from '../../platform/storage';
import { defineRoute } from '../../plugins/route';
import { companyDuplicates, personDuplicates, searchCompanies, searchPersons } from './parties.queries';
import { companyCard, ownerCompany, personCard } from './parties.service';
import { personMatchesForUser, registerCardForUser } from './person-privacy';

/** Whoever can fill in the incident form: a new draft (ADD) or an incident being edited (EDIT). */
const FORM_PRIVILEGES: readonly Privilege[] = ['MYINCIDENT_ADD', 'MYINCIDENT_EDIT', 'ALLINCIDENT_EDIT'];

/** The card plus a signed URL of its picture, so the form can show it at once. */
const personCardAnswer = personSchema.extend({ personPictureSasKey: z.string().nullable() });

export async function partyRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/persons/search',
    tag: 'Party register',
    summary: 'Persons of the company whose names contain the words typed (case and accents ignored), best first, 20.',
    privileges: FORM_PRIVILEGES,
    query: personSearchQuery,
    response: z.array(personMatchSchema),
    handler: async ({ auth, query, tenant }) =>
      personMatchesForUser(auth, await tenant((tx) => searchPersons(tx, query.name))),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/companies/search',
    tag: 'Party register',
    summary: 'Legal entities of the company whose names contain the words typed, best first, at most 20.',
    privileges: FORM_PRIVILEGES,
    query: companySearchQuery,
    response: z.array(companyMatchSchema),
    handler: ({ query, tenant }) => tenant((tx) => searchCompanies(tx, query.name)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/persons/duplicationCheck',
    tag: 'Party register',
    summary: 'Likely duplicates: same first and last name (case and accents ignored), middle initials not differing.',
    privileges: FORM_PRIVILEGES,
    body: personDuplicationBody,
    response: z.array(personMatchSchema),
    handler: async ({ auth, body, tenant }) =>
      personMatchesForUser(auth, await tenant((tx) => personDuplicates(tx, body))),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/companies/duplicationCheck',
    tag: 'Party register',
    summary: 'Likely duplicates: the same name ignoring case, accents, spaces and punctuation.',
    privileges: FORM_PRIVILEGES,
    body: companyDuplicationBody,
    response: z.array(companyMatchSchema),
    handler: ({ body, tenant }) => tenant((tx) => companyDuplicates(tx, body.name)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/incidents/persons',
    tag: 'Party register',
    summary: 'A new person card for a person of the register (details kept, incident flags off).',
    privileges: FORM_PRIVILEGES,
    body: addPartyBody,
    response: personCardAnswer,
    handler: async ({ auth, body, tenant }) => {
      const card = registerCardForUser(auth, await tenant((tx) => personCard(tx, body.personId)));
      const picture = card.personPicture?.startsWith(`${accountFolder(auth.accountId)}/`) ? card.personPicture : null;
      return {
        ...card,
        personPicture: picture,
        personPictureSasKey: picture ? app.fileSigner.url(picture, auth.accountId) : null,
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/incidents/companies',
    tag: 'Party register',
    summary: 'A new legal-entity card for a legal entity of the register.',
    privileges: FORM_PRIVILEGES,
    body: addPartyBody,
    response: legalEntitySchema,
    handler: ({ body, tenant }) => tenant((tx) => companyCard(tx, body.personId)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/companies/owner',
    writes: true,
    tag: 'Party register',
    summary: "The account's own company as a legal entity of the register (created on first use).",
    privileges: FORM_PRIVILEGES,
    response: ownerCompanySchema,
    handler: async ({ auth, tenant }) => ({ data: await tenant((tx) => ownerCompany(tx, auth)) }),
  });
}
