import { idParams, lookupAddressBody, lookupAddressSchema, lookupAddressUpdateBody } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import {
  createLookupAddress,
  deleteLookupAddress,
  getLookupAddress,
  updateLookupAddress,
} from './lookup-addresses.service';

/** The street address of a location lookup (spec 3 §3 Location address, §5 rules). */
export async function lookupAddressRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/lookupAddresses',
    tag: 'Lookups',
    summary: 'Attach an address to a location lookup (one per location).',
    privileges: ['LOOKUP_ADD', 'LOOKUP_EDIT'],
    body: lookupAddressBody,
    response: lookupAddressSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => createLookupAddress(tx, auth, body)),
  });

  // Any user of the company: the entry form shows the address of the chosen location.
  defineRoute(app, {
    method: 'GET',
    url: '/lookupAddresses/:id',
    tag: 'Lookups',
    summary: 'The address of a location lookup.',
    params: idParams,
    response: lookupAddressSchema,
    handler: ({ params, tenant }) => tenant((tx) => getLookupAddress(tx, params.id)),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/lookupAddresses',
    tag: 'Lookups',
    summary: 'Change the address of a location lookup.',
    privileges: ['LOOKUP_EDIT'],
    body: lookupAddressUpdateBody,
    response: lookupAddressSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => updateLookupAddress(tx, auth, body)),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/lookupAddresses/:id',
    tag: 'Lookups',
    summary: 'Remove the address of a location lookup; answers the removed address.',
    privileges: ['LOOKUP_DELETE', 'LOOKUP_EDIT'],
    params: idParams,
    response: lookupAddressSchema,
    handler: ({ auth, params, tenant }) => tenant((tx) => deleteLookupAddress(tx, auth, params.id)),
  });
}
