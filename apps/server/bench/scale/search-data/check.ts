import {
  closeBlockSchema,
  correctiveActionSchema,
  itemSchema,
  legalEntitySchema,
  personSchema,
  vehicleSchema,
} from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Lane } from './lanes';

const SAMPLE = 500;

/**
 * Parses a sample of every loaded card (and close blocks) with the shared schemas the form and the
 * viewer use, and checks that the searched columns are copies of the card's fields, as insertParts
 * writes them: the data set must be one the app itself could have stored.
 */
export async function checkSample(lane: Lane): Promise<void> {
  const parts: [string, z.ZodType, string][] = [
    ['incident_persons', personSchema, `first_name = data->>'firstName' and last_name = data->>'lastName'`],
    ['incident_companies', legalEntitySchema, `name = data->>'name'`],
    ['incident_vehicles', vehicleSchema, `license_plate = data->>'licensePlate' and maker = data->>'maker'`],
    ['incident_items', itemSchema, `name = data->>'name' and serial_number = data->>'serialNumber'`],
    ['incident_corrective_actions', correctiveActionSchema, `id = (data->>'id')::uuid`],
  ];
  for (const [table, schema, copies] of parts) {
    const rows = await lane.run(
      // The first rows written and a scattered sample of the rest.
      sql.raw(`(select data, (${copies}) and id = (data->>'id')::uuid as copies from ${table} limit ${SAMPLE})
        union all (select data, (${copies}) and id = (data->>'id')::uuid as copies from ${table}
          tablesample system (0.1) limit ${SAMPLE})`),
    );
    if (rows.length === 0) throw new Error(`${table}: no cards`);
    for (const row of rows) {
      const parsed = schema.safeParse(row.data);
      if (!parsed.success) throw new Error(`${table}: a card the app would refuse: ${parsed.error.message}`);
      if (row.copies !== true) throw new Error(`${table}: columns are not copies of the card`);
    }
  }
  const closes = await lane.run(sql.raw(`select close from incidents where status = 2 limit ${SAMPLE}`));
  for (const row of closes) closeBlockSchema.parse(row.close);
}
