import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { RESULT_COLUMN_IDS } from '@blotter/shared';
import type { BenchResult } from '../stats';
import { postgresCompanies, withPostgresServer } from './search.scale';
import { cpuMs, machineState, tooBusy } from './search-measure';

const EXPORT_ROWS_PER_S = 20_000;
const EXPORT_RSS_MB = 300;

/** Peak resident memory of a process in MB while `fn` runs (polled every 10 ms) and its high-water mark after. */
export async function peakRss<T>(
  pid: number,
  fn: () => Promise<T>,
): Promise<{ value: T; beforeMb: number; peakMb: number; hwmMb: number }> {
  const read = async (field: 'VmRSS' | 'VmHWM') => {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return kb / 1024;
  };
  const beforeMb = await read('VmRSS');
  let peakMb = beforeMb;
  let running = true;
  const poll = (async () => {
    while (running) {
      peakMb = Math.max(peakMb, await read('VmRSS'));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    const value = await fn();
    return { value, beforeMb, peakMb, hwmMb: await read('VmHWM') };
  } finally {
    running = false;
    await poll;
  }
}

/**
 * `searchExport`: the CSV export of a company's 100,000 incidents (every column) from the server on
 * PostgreSQL, streamed and counted as it arrives; rows per second and the server's peak memory.
 */
export async function benchSearchExport(): Promise<BenchResult[]> {
  const companies = await postgresCompanies();
  const company = companies.find((c) => c.incidents === 100_000);
  if (!company) throw new Error('no company of 100,000 incidents');
  return withPostgresServer(company, async (server, headers) => {
    const body = JSON.stringify({
      criteria: {
        status: {
          logicalOperation: 'OR',
          values: [
            { id: 'o', status: 1 },
            { id: 'c', status: 2 },
          ],
        },
      },
      auditTitle: 'Export bench',
      columns: [...RESULT_COLUMN_IDS],
      title: 'Every incident',
    });
    const before = machineState();
    const cpuBefore = cpuMs(server.pid);
    const started = performance.now();
    const { value, beforeMb, peakMb, hwmMb } = await peakRss(server.pid, async () => {
      const response = await fetch(`${server.url}/api/incidents/search/export`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'x-timezone-offset': '0' },
        body,
      });
      if (!response.ok || !response.body)
        throw new Error(`export answered ${response.status}: ${await response.text()}`);
      let lines = 0;
      let bytes = 0;
      // The file's digest (as decoded): two servers' files compare by it (the export must stay byte-identical).
      const digest = createHash('sha256');
      // CRLF ends a row (the rows hold no line breaks); a chunk may end between CR and LF.
      let lastByte = 0;
      for await (const chunk of response.body) {
        bytes += chunk.byteLength;
        digest.update(chunk);
        for (let i = 0; i < chunk.length; i++) {
          if (chunk[i] === 10 && (i > 0 ? chunk[i - 1] : lastByte) === 13) lines++;
        }
        lastByte = chunk[chunk.length - 1] ?? lastByte;
      }
      const encoding = response.headers.get('content-encoding') ?? 'none';
      return { rows: lines - 1, bytes, encoding, sha256: digest.digest('hex') };
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = (cpuMs(server.pid) - cpuBefore) / 1000;
    const after = machineState();
    const busy = tooBusy([before, after]);
    const rate = value.rows / seconds;
    return [
      {
        name: `CSV export of ${value.rows.toLocaleString('en-US')} incidents, all ${RESULT_COLUMN_IDS.length} columns (PostgreSQL)`,
        budget: `≥ ${EXPORT_ROWS_PER_S.toLocaleString('en-US')} rows/s, server memory < ${EXPORT_RSS_MB} MB`,
        figure:
          `${Math.round(rate).toLocaleString('en-US')} rows/s (${seconds.toFixed(1)} s, ${(value.bytes / 1e6).toFixed(1)} MB), ` +
          `server RSS ${beforeMb.toFixed(0)} MB before, peak ${peakMb.toFixed(0)} MB during the export (high-water mark ${hwmMb.toFixed(0)} MB); ` +
          `server CPU ${cpuSeconds.toFixed(2)} s; sent as ${value.encoding}; SHA-256 ${value.sha256.slice(0, 16)}…; ` +
          `load ${before.load1.toFixed(2)} → ${after.load1.toFixed(2)}`,
        pass: value.rows >= 100_000 && rate >= EXPORT_ROWS_PER_S && peakMb < EXPORT_RSS_MB,
        ...(busy ? { judged: false as const, notJudgedReason: busy } : {}),
      },
    ];
  });
}
