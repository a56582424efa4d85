import { citySchema, citySearchQuery, countrySchema, stateSchema, statesQuery } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../plugins/route';
import { listCountries, listStates, searchCities } from './geo.queries';

export async function geoRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/countries',
    tag: 'Reference data',
    summary: 'Countries (ISO 3166-1), sorted by name. Public: the sign-up form offers them.',
    auth: 'public',
    response: z.array(countrySchema),
    handler: () => app.database.noTenant((tx) => listCountries(tx)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/states',
    tag: 'Reference data',
    summary: 'States and provinces, optionally of one country.',
    query: statesQuery,
    response: z.array(stateSchema),
    handler: ({ query, tenant }) => tenant((tx) => listStates(tx, query.countryCode)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/cities/search',
    tag: 'Reference data',
    summary: 'Cities whose name starts with the given text (at least 2 characters).',
    query: citySearchQuery,
    response: z.array(citySchema),
    handler: ({ query, tenant }) => tenant((tx) => searchCities(tx, query)),
  });
}
