import { postgresLanes } from '/work/wt-bench/apps/server/bench/scale/search-data/lanes';
import { loadedCompanies, searchDatabaseUrl } from '/work/wt-bench/apps/server/bench/scale/search-data/search-database';
import { adminPrincipal, appConnection, mixStatement } from '/work/wt-bench/apps/server/bench/scale/search-measure';
import { readMixValues, searchMixes } from '/work/wt-bench/apps/server/bench/scale/search-mixes';
const companies = (await loadedCompanies())!;
const company = companies[0]!;
const url = searchDatabaseUrl();
const [owner] = await postgresLanes(url, 1);
const values = await readMixValues(owner!, company.accountId);
await owner!.close();
console.log(values);
const client = await appConnection(url, company.accountId);
const only = process.argv[2];
for (const mix of searchMixes(values)) {
  if (only && !mix.name.includes(only)) continue;
  const st = mixStatement(adminPrincipal(company), mix);
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const r = await client.query(st.sql, st.params);
    times.push(performance.now() - t);
    total = r.rows[0].total;
  }
  console.log(`${mix.name}: ${times.map((t) => t.toFixed(0)).join(' ')} ms, total ${total}`);
  if (process.env.EXPLAIN) {
    const r = await client.query(`explain (analyze, buffers) ${st.sql}`, st.params);
    console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  }
}
await client.end();
