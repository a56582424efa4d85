import { pathToFileURL } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { prepareDatabase } from './db/prepare';
import { DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL } from './db/seed/demo';
import { grantSystemAdmins } from './modules/site-admin/system-admins';

export interface StartOptions {
  /**
   * Settles when the web app's build is ready: `npm start` builds it while the database is being
   * prepared, and the app (which reads the built index.html) is built after both.
   */
  webBuild?: Promise<unknown>;
}

async function main(options: StartOptions) {
  const started = performance.now();
  const config = loadConfig();
  const [{ database, seed }] = await Promise.all([prepareDatabase(config), options.webBuild]);
  const app = await buildApp({ config, database });
  const granted = await grantSystemAdmins(database, config.systemAdminEmails);
  if (granted > 0) app.log.info(`${granted} user(s) made system administrators (SYSTEM_ADMIN_EMAILS)`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await app.close(); // stops listening, then closes the database (onClose hook)
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Every module's background loops (job worker, renewals, trial monitor, sweepers, audit sealer …).
  app.schedules.start();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  app.log.info(`Blotter ${config.version} on ${config.publicUrl} (${database.kind}) ready in ${seconds}s`);
  if (seed.demoSeeded) {
    const message = [
      '',
      `  Blotter is running at ${config.publicUrl}`,
      '  The demo company "Demo Security Inc." was created. Sign in with:',
      `    administrator: ${DEMO_ADMIN_EMAIL}`,
      `    staff:         ${DEMO_STAFF_EMAIL}`,
      `    password:      ${process.env.DEMO_PASSWORD ? '(the DEMO_PASSWORD you set)' : config.demoPassword}`,
      '',
    ].join('\n');
    process.stdout.write(`${message}\n`);
  }
}

/** Starts the server; on failure prints a readable reason and exits with code 1. */
export function run(options: StartOptions = {}) {
  main(options).catch((error) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`Blotter could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
    }
    process.exit(1);
  });
}

// Run directly (node dist/main.js, tsx src/main.ts); scripts/start.mjs imports it and calls run().
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) run();
