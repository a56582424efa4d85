import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerIncidentSubscribers } from './incident-subscribers';

import { createJobRunner, type JobRunnerOptions, jobModules } from './job-registry';
import { accountRoutes } from './modules/accounts/accounts.routes';
import { analysisRoutes } from './modules/analysis/analysis.routes';
import { type AuditKey, loadAuditKey } from './modules/audit/audit-key';
import { rekeyLegacyChains } from './modules/audit/audit-rekey';
import { type AuditSealer, createAuditSealer } from './modules/audit/audit-sealer';
import { auditRoutes } from './modules/audit-log/audit-log.routes';
import { commonsRoutes } from './modules/commons/commons.routes';
import { fileRoutes } from './modules/files/files.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { configRoutes } from './modules/health/config.routes';
import { healthRoutes } from './modules/health/health.routes';
import { idempotencyKeySweep } from './modules/idempotency/idempotency-key-sweeper';
import { importRoutes } from './modules/imports/imports.routes';
import { incidentNotificationRoutes } from './modules/incident-notifications/incident-notifications.routes';
import { attachmentRoutes } from './modules/incidents/attachments/attachments.routes';
import { draftRoutes } from './modules/incidents/drafts/drafts.routes';
import { incidentHistoryRoutes } from './modules/incidents/history/history.routes';
import { incidentRoutes } from './modules/incidents/incidents.routes';
import { incidentLifecycleRoutes } from './modules/incidents/lifecycle/lifecycle.routes';
import { incidentViewRoutes } from './modules/incidents/view/incident-view.routes';
import { lookupAddressRoutes } from './modules/lookup-addresses/lookup-addresses.routes';
import { lookupAdminRoutes } from './modules/lookups/lookup-admin.routes';
import { mfaRoutes } from './modules/mfa/mfa.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { partyRoutes } from './modules/parties/parties.routes';
import { printRoutes } from './modules/print/print.routes';
import { reportUploadSweep } from './modules/reports/report-upload-sweeper';
import { reportRoutes } from './modules/reports/reports.routes';
import { savedSearchRoutes } from './modules/saved-searches/saved-searches.routes';
import { searchRoutes } from './modules/search/search.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { signUpRoutes } from './modules/sign-up/sign-up.routes';
import { siteAdminRoutes } from './modules/site-admin/site-admin.routes';
import { banNoticeRoutes } from './modules/subjects/ban-notice.routes';
import { subjectMergeRoutes } from './modules/subjects/subject-merges.routes';
import { subjectRoutes } from './modules/subjects/subjects.routes';
import { createRenewalJob, type RenewalJob } from './modules/subscriptions/renewal-job';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import { createTrialMonitor, type TrialMonitor } from './modules/trial/trial-monitor';
import { userAdminRoutes } from './modules/users/user-admin.routes';
import { userRoutes } from './modules/users/users.routes';
import { workgroupRoutes } from './modules/workgroups/workgroups.routes';
import { registerOidcRoutes } from './oidc/interactions';
import { loadProviderSecrets } from './oidc/keys';
import { createProvider } from './oidc/provider';
import { SignInGuard, type SignInLimits } from './oidc/sign-in-limiter';
import { type AccessTokenVerifier, embeddedVerifier, externalVerifier } from './oidc/verifier';
import { collectSchedules, type JobRunner, type Schedules } from './platform/jobs/index';
import { createMailer, type Mailer } from './platform/mail';
import { configuredPayments, type PaymentGateway } from './platform/payments';
import { loadRateLimitKey, RateCounters, rateLimitSweep } from './platform/rate-limit-store';
import { createSmsSender, type SmsSender } from './platform/sms';
import { configuredStorage, createFileSigner, type FileSigner, type StorageAdapter } from './platform/storage';
import { createSweeper, type Sweeper } from './platform/sweeper';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors';
import { logSerializers } from './plugins/log-safety';
import { registerMultipart } from './plugins/multipart';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { registerTextInputCheck } from './plugins/text-input';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    verifyAccessToken: AccessTokenVerifier;
    storage: StorageAdapter;
    fileSigner: FileSigner;
    mailer: Mailer;
    jobs: JobRunner;
    /** Deletes expired uploads of printed reports; started with the server (main.ts). */
    reportUploadSweeper: Sweeper;
    /** Chains the committed audit entries of every company; started with the server (main.ts). */
    auditSealer: AuditSealer;
    /** The audit chain's secret (AUDIT_CHAIN_KEY or DATA_DIR/audit-chain.key) and checkpoint signing key. */
    auditKey: AuditKey;
    /** Warns and then disables ending trials; started with the server (main.ts). */
    trialMonitor: TrialMonitor;
    /** Card payments: the offline test provider, or Stripe when configured. */
    payments: PaymentGateway;
    /** Charges due renewals; started with the server (main.ts). */
    subscriptionRenewals: RenewalJob;
    /** The counters of every rate limit, in the database so that all processes share them. */
    rateCounters: RateCounters;
    /** Deletes ended rate-limit counters; started with the server (main.ts). */
    rateLimitSweeper: Sweeper;
    /** Deletes Idempotency-Keys older than their TTL; started with the server (main.ts). */
    idempotencyKeySweeper: Sweeper;
    /** Every module's timer loops (job-registry.ts): started by main.ts, stopped when the app closes. */
    schedules: Schedules;
  }
}

export interface BuildOptions {
  config: Config;
  /** An opened and migrated database; closed with the app. */
  database: Database;
  /** Replaces token verification (tests sign their own tokens). */
  verifyAccessToken?: AccessTokenVerifier;
  logger?: boolean;
  /** The limits of failed sign-ins (tests use smaller ones). */
  signInLimits?: SignInLimits;
  /**
   * A prefix of every rate-limit counter's key: test contexts sharing one PostgreSQL database keep
   * their counts apart, and the processes of one installation share theirs (none by default).
   */
  rateLimitScope?: string;
  /** Where log lines go (stdout by default); tests read them. */
  logStream?: { write(line: string): void };
  /** File storage; the configured one (S3_BUCKET, else the local folder DATA_DIR/files) by default. */
  storage?: StorageAdapter;
  /** Outgoing mail; SMTP or DATA_DIR/mail by default. */
  mailer?: Mailer;
  /** Outgoing text messages; Twilio or DATA_DIR/sms by default. */
  sms?: SmsSender;
  /** Card payments; Stripe or the offline test provider by default. */
  payments?: PaymentGateway;
  /** Which companies' jobs `app.jobs` runs (test contexts sharing one database); all by default. */
  jobScope?: JobRunnerOptions['scope'];
}

/** Builds the whole application: plugins first, then the modules. Tests build the same app. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    // Request start/end lines only when debugging; errors are logged either way.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.decorate('config', config);
  app.decorate('database', database);
  registerIncidentSubscribers();
  app.decorate('routeSpecs', []);
  app.decorate('storage', options.storage ?? configuredStorage(config));
  app.decorate('fileSigner', await createFileSigner(database));
  const mailer = options.mailer ?? createMailer({ ...config.mail, timeouts: config.timeouts.smtp });
  app.decorate('mailer', mailer);
  app.decorate(
    'jobs',
    createJobRunner(database, mailer, (err, message) => app.log.error({ err }, message), {
      publicUrl: config.publicUrl,
      sms: options.sms ?? createSmsSender({ ...config.sms, timeoutMs: config.timeouts.http.requestMs }),
      scope: options.jobScope,
      quickBooks: config.quickBooks,
      leaseSeconds: config.jobs.leaseSeconds,
      storage: app.storage,
    }),
  );
  app.decorate(
    'reportUploadSweeper',
    createSweeper(reportUploadSweep, database, (err, message) => app.log.error({ err }, message)),
  );
  const auditKey = await loadAuditKey(config);
  // Chains of unkeyed links from before issue 26 get HMAC links once, before anything seals.
  await rekeyLegacyChains(database, auditKey);
  app.decorate('auditKey', auditKey);
  app.decorate(
    'auditSealer',
    createAuditSealer(database, auditKey, (err, message) => app.log.error({ err }, message)),
  );
  app.decorate(
    'trialMonitor',
    createTrialMonitor(database, { warningDays: config.trial.warningDays }, (err, message) =>
      app.log.error({ err }, message),
    ),
  );
  const rateCounters = new RateCounters(database, await loadRateLimitKey(database), options.rateLimitScope);
  app.decorate('rateCounters', rateCounters);
  app.decorate(
    'rateLimitSweeper',
    createSweeper(rateLimitSweep, rateCounters, (err, message) => app.log.error({ err }, message)),
  );
  app.decorate(
    'idempotencyKeySweeper',
    createSweeper(idempotencyKeySweep, database, (err, message) => app.log.error({ err }, message)),
  );
  app.decorate('payments', options.payments ?? configuredPayments(config.payments));
  app.decorate(
    'subscriptionRenewals',
    createRenewalJob(database, app.payments, config.payments.renewal, (err, message) =>
      app.log.error({ err }, message),
    ),
  );
  app.decorate('schedules', collectSchedules(app, jobModules));
  app.addHook('onClose', async () => {
    await app.schedules.stop();
    await database.close();
  });

  registerErrorHandling(app);
  registerTextInputCheck(app);
  await registerSecurity(app);
  await registerCompression(app);
  registerAuth(app);
  await registerMultipart(app);

  if (config.oidc.embedded) {
    const secrets = await loadProviderSecrets(database);
    await registerOidcRoutes(
      app,
      createProvider(config, database, secrets),
      new SignInGuard(rateCounters, options.signInLimits),
    );
    app.decorate('verifyAccessToken', options.verifyAccessToken ?? embeddedVerifier(config, secrets));
  } else {
    app.decorate('verifyAccessToken', options.verifyAccessToken ?? externalVerifier(config));
  }

  for (const routes of [
    healthRoutes,
    configRoutes,
    sessionRoutes,
    commonsRoutes,
    notificationRoutes,
    userRoutes,
    userAdminRoutes,
    workgroupRoutes,
    geoRoutes,
    incidentRoutes,
    incidentViewRoutes,
    incidentHistoryRoutes,
    incidentLifecycleRoutes,
    incidentNotificationRoutes,
    draftRoutes,
    fileRoutes,
    partyRoutes,
    attachmentRoutes,
    lookupAddressRoutes,
    lookupAdminRoutes,
    accountRoutes,
    printRoutes,
    searchRoutes,
    savedSearchRoutes,
    auditRoutes,
    reportRoutes,
    analysisRoutes,
    mfaRoutes,
    signUpRoutes,
    subscriptionRoutes,
    siteAdminRoutes,
    subjectRoutes,
    banNoticeRoutes,
    subjectMergeRoutes,
    importRoutes,
  ]) {
    await app.register(routes);
  }
  registerOpenApi(app);
  await registerSpa(app);
  return app;
}
