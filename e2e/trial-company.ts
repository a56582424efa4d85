import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The company of the subscription journey: e2e/subscription.setup.ts signs it up at the start of
 * the run and keeps its sign-in here (in the run's data folder), so that the trial job has ended
 * its short trial by the time e2e/subscription.spec.ts runs, after the other journeys.
 */
export interface TrialCompany {
  email: string;
  password: string;
  companyName: string;
}

const file = () => path.join(process.env.E2E_DATA_DIR ?? '', 'trial-company.json');

export function saveTrialCompany(company: TrialCompany): void {
  writeFileSync(file(), JSON.stringify(company));
}

/** The company the setup project signed up in this run. */
export function trialCompany(): TrialCompany {
  return JSON.parse(readFileSync(file(), 'utf8')) as TrialCompany;
}
