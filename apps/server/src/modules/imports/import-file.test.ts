import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type SheetEvent, sheetEvents } from './import-file';

async function eventsOf(text: string): Promise<SheetEvent[]> {
  const events: SheetEvent[] = [];
  for await (const event of sheetEvents(Readable.from(Buffer.from(text, 'utf8')), 'csv', 'old')) events.push(event);
  return events;
}

describe('reading a CSV', () => {
  it('reads a semicolon-separated CSV (European Excel) by its header line, commas in values kept', async () => {
    const events = await eventsOf('\uFEFFRef;Reported;Value\r\nOLD-1;03/12/2025 10:30;12,50\r\n');
    expect(events).toEqual([
      { type: 'sheet', name: 'old', headers: ['Ref', 'Reported', 'Value'] },
      { type: 'row', sheet: 'old', rowNumber: 2, cells: ['OLD-1', '03/12/2025 10:30', '12,50'] },
    ]);
  });

  it('still reads a comma-separated CSV whose quoted values hold semicolons', async () => {
    const events = await eventsOf('Ref,Summary\n"OLD-1","a; b; c"\n');
    expect(events.at(-1)).toEqual({ type: 'row', sheet: 'old', rowNumber: 2, cells: ['OLD-1', 'a; b; c'] });
  });
});
