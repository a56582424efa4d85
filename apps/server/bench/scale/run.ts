// `npm run bench:scale [name…]`: the budgets of lists and the dashboard at 10,000 and 100,000
// incidents. Each scenario is a module of this folder registered below; without names, all run.
// Exit code 1 if a budget fails.
import type { BenchResult } from '../stats';
import { benchDashboardPostgres } from './dashboard-postgres.scale';

const SCENARIOS: Record<string, () => Promise<BenchResult[]>> = {
  dashboardPostgres: benchDashboardPostgres,
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in SCENARIOS));
if (unknown.length > 0) {
  process.stderr.write(`Unknown scenario(s): ${unknown.join(', ')}. Known: ${Object.keys(SCENARIOS).join(', ')}\n`);
  process.exit(2);
}

let failed = false;
for (const [name, run] of Object.entries(SCENARIOS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  for (const result of await run()) {
    failed ||= !result.pass;
    process.stdout.write(
      `${result.pass ? 'PASS' : 'FAIL'}  ${result.name}\n      ${result.figure}  (budget: ${result.budget})\n`,
    );
  }
}
process.exit(failed ? 1 : 0);
