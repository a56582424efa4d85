import { z } from 'zod';
import { LIMITS } from '../constants';
import { paymentsClientConfig } from './subscription';

/** Identifier pattern used by every id in the product (UUID, any version). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const id = (message = 'Invalid id') => z.string().regex(UUID_PATTERN, message);

export const idParams = z.object({ id: id() });
export type IdParams = z.infer<typeof idParams>;

/** 0001-01-01T00:00:00Z: PostgreSQL has no year 0, so an earlier instant cannot be stored. */
const FIRST_STORABLE_INSTANT = -62_135_596_800_000;

/** A date-time sent over the wire: ISO 8601 with an offset or Z, from the year 1 on (in UTC). */
export const isoDateTime = z.iso
  .datetime({ offset: true, message: 'Invalid date' })
  .refine((value) => Date.parse(value) >= FIRST_STORABLE_INSTANT, 'Invalid date');

/** The largest page a list answers (psz). */
export const MAX_PAGE_SIZE = 100;

const PAGE_MESSAGE = 'p must be a page number from 0';
const PAGE_SIZE_MESSAGE = `psz must be a page size from 1 to ${MAX_PAGE_SIZE}`;

/** Generic list paging of spec 1 §7: p (page from 0), psz (page size, default 10), fk and fv. */
export const pagingQuery = z.object({
  p: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(0, PAGE_MESSAGE).default(0),
  psz: z.coerce
    .number({ error: PAGE_SIZE_MESSAGE })
    .int(PAGE_SIZE_MESSAGE)
    .min(1, PAGE_SIZE_MESSAGE)
    .max(MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE)
    .default(LIMITS.pageSize),
  fk: z.string().max(50).optional(),
  fv: z.string().max(200).optional(),
});

/** Only the page of pagingQuery, for lists without a filter key. */
export const pageQuery = pagingQuery.pick({ p: true, psz: true });
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * The answer of every paged list: the rows of page `page` (from 0) of `pageSize` rows, and the
 * number of rows of the whole list (`total`, a count query), so the client can show 'x–y of total'.
 */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

export const okResponse = z.object({ ok: z.literal(true) });

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type Health = z.infer<typeof healthResponse>;

/** Public configuration the server hands the browser with index.html. */
export const clientConfig = z.object({
  environment: z.enum(['local', 'dev', 'test', 'demo', 'prod']),
  oidcAuthority: z.string(),
  oidcClientId: z.string(),
  oidcScope: z.string(),
  helpCenterUrl: z.string(),
  productSiteUrl: z.string(),
  version: z.string(),
  /** Card payments (issue 15): the provider whose card field the browser shows. */
  payments: paymentsClientConfig,
  /** 'Restore demo site' is offered: a demo host or localhost (spec 3 §6). */
  demoRestore: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfig>;
