import type { QuickBooksConfig } from '../../config';
import type { Database } from '../../db/client';
import { loadConnection, type QuickBooksConnection, replaceTokens } from './connection';
import { quickBooksOAuthClient, tokensOf } from './oauth';

/** A paid subscription payment to record in QuickBooks Online (job quickbooksInvoice). */
export interface QuickBooksInvoicePayload {
  accountId: string;
  paymentId: string;
  /** What was charged, tax included, in cents. */
  amountCents: number;
  /** The tax part of amountCents, in cents. */
  taxCents: number;
  description: string;
  companyName: string;
  billingEmail: string;
  /** When the charge succeeded (ISO 8601). */
  paidAt: string;
}

/** The job's answer when no QuickBooks company is connected: try again later, the invoice waits. */
export class QuickBooksNotConnected extends Error {
  constructor() {
    super('QuickBooks Online is not connected; the invoice waits until it is.');
  }
}

/** QuickBooks answered an error (its Fault's first message, never the request). */
export class QuickBooksApiError extends Error {}

const MINOR_VERSION = '75';
const dollars = (cents: number) => Math.round(cents) / 100;

/**
 * A valid access token of the connection, refreshed through the Intuit client when expired (the
 * request runs outside any transaction).
 */
async function accessToken(
  database: Database,
  config: QuickBooksConfig,
  publicUrl: string,
  connection: QuickBooksConnection,
) {
  const client = await quickBooksOAuthClient(config, publicUrl, connection.tokens);
  if (client.isAccessTokenValid()) return connection.tokens.access_token;
  const answer = await client.refresh();
  const tokens = tokensOf({ ...answer.getToken(), createdAt: Date.now() });
  // Intuit rotates refresh tokens: the new one is kept even if the push below fails.
  await database.system((tx) =>
    replaceTokens(tx, config.clientSecret, connection.tokens.refresh_token, { ...connection, tokens }),
  );
  return tokens.access_token;
}

interface Api {
  get<T>(path: string, query: Record<string, string>): Promise<T>;
  post<T>(path: string, body: unknown, query?: Record<string, string>): Promise<T>;
}

function apiOf(config: QuickBooksConfig, realmId: string, token: string): Api {
  const call = async <T>(method: string, path: string, query: Record<string, string>, body?: unknown) => {
    const url = new URL(`${config.apiUrl}/v3/company/${encodeURIComponent(realmId)}/${path}`);
    for (const [name, value] of Object.entries({ ...query, minorversion: MINOR_VERSION })) {
      url.searchParams.set(name, value);
    }
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
    });
    const json = (await response.json().catch(() => ({}))) as T & {
      Fault?: { Error?: { Message?: string; Detail?: string }[] };
    };
    if (!response.ok || json.Fault) {
      const error = json.Fault?.Error?.[0];
      throw new QuickBooksApiError(
        `QuickBooks answered ${response.status}: ${error?.Message ?? response.statusText}${error?.Detail ? ` (${error.Detail})` : ''}`,
      );
    }
    return json as T;
  };
  return {
    get: (path, query) => call('GET', path, query),
    post: (path, body, query = {}) => call('POST', path, query, body),
  };
}

/** QuickBooks query literals are single-quoted with backslash escapes. */
const literal = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The customer named after the company (DisplayName is unique in QuickBooks), created when new. */
async function customerId(api: Api, payload: QuickBooksInvoicePayload): Promise<string> {
  const displayName = payload.companyName.slice(0, 100);
  const found = await api.get<{ QueryResponse?: { Customer?: { Id: string }[] } }>('query', {
    query: `select Id from Customer where DisplayName = ${literal(displayName)}`,
  });
  const existing = found.QueryResponse?.Customer?.[0]?.Id;
  if (existing) return existing;
  const created = await api.post<{ Customer?: { Id: string } }>('customer', {
    DisplayName: displayName,
    CompanyName: displayName,
    ...(payload.billingEmail ? { PrimaryEmailAddr: { Address: payload.billingEmail } } : {}),
  });
  if (!created.Customer?.Id) throw new QuickBooksApiError('QuickBooks created no customer');
  return created.Customer.Id;
}

/**
 * Records a paid subscription payment in the connected QuickBooks company: finds or creates the
 * customer, then creates a sales receipt (an invoice paid at once) for the amount before tax with
 * the tax as its total tax. The payment id is QuickBooks' requestid, so a repeated job (a crash
 * after QuickBooks answered) creates no second receipt. Throws QuickBooksNotConnected when no
 * company is connected. Answers the sales receipt's id. Holds no transaction while Intuit answers:
 * the connection is read, and refreshed tokens written, in short ones of their own.
 */
export async function pushQuickBooksInvoice(
  database: Database,
  config: QuickBooksConfig,
  publicUrl: string,
  payload: QuickBooksInvoicePayload,
): Promise<string> {
  const connection = await database.system((tx) => loadConnection(tx, config.clientSecret));
  if (!connection) throw new QuickBooksNotConnected();
  const api = apiOf(config, connection.realmId, await accessToken(database, config, publicUrl, connection));
  const customer = await customerId(api, payload);
  const netCents = payload.amountCents - payload.taxCents;
  const receipt = await api.post<{ SalesReceipt?: { Id: string } }>(
    'salesreceipt',
    {
      CustomerRef: { value: customer },
      TxnDate: payload.paidAt.slice(0, 10),
      PrivateNote: `Blotter payment ${payload.paymentId}`,
      ...(payload.billingEmail ? { BillEmail: { Address: payload.billingEmail } } : {}),
      Line: [
        {
          DetailType: 'SalesItemLineDetail',
          Amount: dollars(netCents),
          Description: payload.description,
          SalesItemLineDetail: { ItemRef: { value: config.itemId }, Qty: 1, UnitPrice: dollars(netCents) },
        },
      ],
      TxnTaxDetail: { TotalTax: dollars(payload.taxCents) },
    },
    { requestid: payload.paymentId },
  );
  if (!receipt.SalesReceipt?.Id) throw new QuickBooksApiError('QuickBooks created no sales receipt');
  return receipt.SalesReceipt.Id;
}
