import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jsonValue } from '../../db/json';
import { accounts, attachments } from '../../db/schema/index';
import { type AllLookups, assembleLookups, type LookupsData, lookupsJson } from '../lookups/lookups.queries';
import type { PrintAttachmentFile } from './print-context';

/** The company settings a print uses. */
export interface PrintAccount {
  companyName: string;
  /** Storage key of the company logo, if any. */
  logoImage: string | null;
  dateFormat: number;
  measurementType: number;
}

export interface PrintData {
  account: PrintAccount;
  lookups: AllLookups;
  /** The incident's stored files by attachment id. */
  files: Map<string, PrintAttachmentFile>;
}

interface PrintDataJson {
  account: PrintAccount | null;
  lookups: LookupsData;
  files: ({ id: string } & PrintAttachmentFile)[];
}

/**
 * Everything besides the incident that a print reads, in one statement (each statement costs a
 * round trip on PGlite): the company's name, logo and formats, every lookup of the company (for
 * names and tree paths) and the file names and types of the incident's attachments.
 */
export async function loadPrintData(tx: Executor, accountId: string, incidentId: string): Promise<PrintData> {
  const data = await jsonValue<PrintDataJson>(
    tx,
    sql`select json_build_object(
        'account', (select json_build_object(
            'companyName', company_name, 'logoImage', logo_image,
            'dateFormat', date_format, 'measurementType', measurement_type)
          from ${accounts} where id = ${accountId}),
        'lookups', ${lookupsJson},
        'files', (select coalesce(json_agg(json_build_object(
            'id', id, 'fileName', file_name, 'attachmentType', attachment_type)), '[]')
          from ${attachments} where incident_id = ${incidentId})) as value`,
  );
  if (!data.account) throw new Error('The company of a signed-in user has no account row');
  return {
    account: data.account,
    lookups: assembleLookups(data.lookups),
    files: new Map(data.files.map(({ id, ...file }) => [id, file])),
  };
}
