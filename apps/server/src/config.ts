import path from 'node:path';
import { z } from 'zod';

const ENVIRONMENTS = ['local', 'dev', 'test', 'demo', 'prod'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional())
  .optional();

const cents = z.coerce.number().int().min(0).max(100_000_000);

/** 'LAUNCH20=20,FRIENDS=50': upper-cased codes and their percent off (1–100). */
const promotionCodes = z.string().transform((value, ctx) => {
  const codes: Record<string, number> = {};
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z0-9_-]{1,50})=(\d{1,3})$/.exec(part);
    const percent = Number(match?.[2]);
    if (!match?.[1] || percent < 1 || percent > 100) {
      ctx.addIssue({ code: 'custom', message: `'${part}' is not CODE=PERCENT (1-100)` });
      return z.NEVER;
    }
    codes[match[1].toUpperCase()] = percent;
  }
  return codes;
});

/** A time limit of an outside call, in milliseconds (0.1 s to 10 min). */
const timeoutMs = z.coerce.number().int().min(100).max(600_000);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  APP_ENV: z.enum(ENVIRONMENTS).optional(),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().default('blotter-web'),
  OIDC_AUDIENCE: z.string().default('urn:blotter:api'),
  HELP_CENTER_URL: z.url().default('https://help.blotter.app'),
  PRODUCT_SITE_URL: z.url().default('https://www.blotter.app'),
  DEMO_PASSWORD: z.string().min(4).default('Demo!2345'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Blotter <no-reply@blotter.local>'),
  /** PEM certificates trusted for webhook endpoints besides the system's CAs (a test receiver's). */
  WEBHOOKS_CA_FILE: z.string().trim().min(1).optional(),
  /** The built web app (apps/web/dist by default); the PWA bench serves a build without the PWA from elsewhere. */
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  S3_BUCKET: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .optional(),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  S3_PREFIX: z.string().trim().default(''),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  CHECK_RESPONSES: z.enum(['true', 'false']).optional(),
  TWILIO_ACCOUNT_SID: z.string().trim().optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().optional(),
  TWILIO_FROM: z.string().trim().optional(),
  TRIAL_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  TRIAL_WARNING_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  // Fractions allowed: the browser tests give their sign-ups a trial of a few minutes.
  TRIAL_DAYS: z.coerce.number().positive().max(365).default(30),
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().optional(),
  PLAN_MONTHLY_CENTS: cents.default(4900),
  PLAN_MONTHLY_ADDITIONAL_CENTS: cents.default(2500),
  PLAN_YEARLY_CENTS: cents.default(49_000),
  PLAN_YEARLY_ADDITIONAL_CENTS: cents.default(25_000),
  TAX_PERCENT: z.coerce.number().int().min(0).max(100).default(0),
  PROMOTION_CODES: z.string().trim().default('').pipe(promotionCodes),
  RENEWAL_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  PAYMENT_RETRY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  PAYMENT_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  SYSTEM_ADMIN_EMAILS: z.string().default(''),
  AUDIT_CHAIN_KEY: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)').optional())
    .optional(),
  QUICKBOOKS_CLIENT_ID: z.string().trim().optional(),
  QUICKBOOKS_CLIENT_SECRET: z.string().trim().optional(),
  QUICKBOOKS_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  QUICKBOOKS_AUTHORIZE_URL: optionalUrl,
  QUICKBOOKS_TOKEN_URL: optionalUrl,
  QUICKBOOKS_API_URL: optionalUrl,
  QUICKBOOKS_ITEM_ID: z.string().trim().default('1'),
  REPORT_PRINT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  REPORT_PRINT_QUEUE: z.coerce.number().int().min(0).max(1000).default(4),
  SMTP_CONNECTION_TIMEOUT_MS: timeoutMs.default(10_000),
  SMTP_GREETING_TIMEOUT_MS: timeoutMs.default(10_000),
  SMTP_SOCKET_TIMEOUT_MS: timeoutMs.default(30_000),
  HTTP_CONNECT_TIMEOUT_MS: timeoutMs.default(5000),
  HTTP_TIMEOUT_MS: timeoutMs.default(30_000),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PGlite directory: DATA_DIR/db, or memory:// in tests. */
  pgliteDir: string;
  publicUrl: string;
  environment: Environment;
  /** WEBHOOKS_CA_FILE: extra CAs for webhook endpoints (read at each delivery), none by default. */
  webhooksCaFile: string | undefined;
  oidc: {
    /** True when the embedded provider is used (no OIDC_ISSUER). */
    embedded: boolean;
    issuer: string;
    clientId: string;
    audience: string;
  };
  helpCenterUrl: string;
  productSiteUrl: string;
  demoPassword: string;
  mail: {
    /** SMTP relay (smtp://user:pass@host:587); without it mail is written to DATA_DIR/mail. */
    smtpUrl: string | undefined;
    from: string;
    dir: string;
  };
  /** An S3-compatible bucket for stored files (S3_BUCKET set); DATA_DIR/files otherwise. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
        prefix: string;
      }
    | undefined;
  sms: {
    /** Twilio (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM); without it texts go to DATA_DIR/sms. */
    twilio: { accountSid: string; authToken: string; from: string } | undefined;
    dir: string;
  };
  logLevel: string;
  trustProxy: boolean;
  /**
   * Every answer is also checked against its zod schema (a mismatch is a 500). On by default in
   * the local, dev and test environments, so every test checks every answer; off in demo and prod,
   * where the compiled serializer alone writes the answer (CHECK_RESPONSES overrides).
   */
  checkResponses: boolean;
  version: string;
  /** The trial job (modules/trial): how often it runs, and how many days before expiry it warns. */
  trial: { checkIntervalSeconds: number; warningDays: number };
  /** The free trial's length for new sign-ups (spec 3 §9: 30 days). */
  trialDays: number;
  /** Card payments and plans (modules/subscriptions); amounts in cents. */
  payments: PaymentsConfig;
  /**
   * QuickBooks Online (QUICKBOOKS_CLIENT_ID and QUICKBOOKS_CLIENT_SECRET): the app a system
   * administrator connects from the profile, to which paid invoices are pushed. The URLs default to
   * Intuit's for the environment.
   */
  quickBooks: QuickBooksConfig | undefined;
  /** Users made system administrators at start (SYSTEM_ADMIN_EMAILS, comma-separated; lower case). */
  systemAdminEmails: string[];
  /** Directory holding the built web app (index.html and assets). */
  webDistDir: string;
  /**
   * The secret keying the audit chain's links and signing its checkpoints (AUDIT_CHAIN_KEY); without
   * it a key is generated once into DATA_DIR/audit-chain.key (modules/audit/audit-key.ts).
   */
  auditChainKey: string | undefined;
  /**
   * Search report prints (GET /reports/{id}) this process renders at once, and how many more wait
   * their turn before further ones are refused with 429 (REPORT_PRINT_CONCURRENCY, REPORT_PRINT_QUEUE).
   */
  reportPrint: { concurrency: number; queue: number };
  /**
   * The job worker (platform/jobs): how long a claimed job is leased to its worker before another
   * may take it again (JOB_LEASE_SECONDS; longer than any send may take, see outsideCallLimitMs).
   */
  jobs: { leaseSeconds: number };
  /**
   * Time limits of the calls to the outside: nodemailer's (SMTP_*_TIMEOUT_MS: connecting, the
   * greeting, a silent socket) and every HTTP client's (HTTP_TIMEOUT_MS per request: Twilio, Stripe,
   * QuickBooks, S3; HTTP_CONNECT_TIMEOUT_MS: S3's connection).
   */
  timeouts: { smtp: SmtpTimeouts; http: HttpTimeouts };
}

export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

export interface HttpTimeouts {
  connectMs: number;
  requestMs: number;
}

export interface PaymentsConfig {
  /** Stripe (STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY); the offline test provider without it. */
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        /** Each request to Stripe (HTTP_TIMEOUT_MS; 30 s when not given). */
        timeoutMs?: number;
        /** Another API host (tests answer the SDK from a local server). */
        api?: { host: string; port: number; protocol: 'http' | 'https' };
      }
    | undefined;
  plans: { monthly: PlanAmounts; yearly: PlanAmounts };
  taxPercent: number;
  /** Upper-cased promotion code to percent off. */
  promotionCodes: Record<string, number>;
  /** The renewal job: how often it runs, how long after a failed charge it retries, the grace before disabling. */
  renewal: { checkIntervalSeconds: number; retryHours: number; graceDays: number };
}

interface PlanAmounts {
  defaultAmount: number;
  additionalAmount: number;
}

export interface QuickBooksConfig {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'production';
  authorizeUrl: string;
  tokenUrl: string;
  /** The accounting API's base (…/v3/company/{realmId}/… is appended). */
  apiUrl: string;
  /** The product or service item the invoice's line names. */
  itemId: string;
  /** Each request to Intuit (HTTP_TIMEOUT_MS; 30 s when not given). */
  timeoutMs?: number;
}

/** The environment follows the host name unless APP_ENV says otherwise (spec 1 §1). */
export function environmentFromHost(host: string): Environment {
  if (host === 'localhost' || host.startsWith('127.') || host === '[::1]') return 'local';
  const first = host.split('.')[0] ?? '';
  if ((ENVIRONMENTS as readonly string[]).includes(first)) return first as Environment;
  return 'prod';
}

/**
 * Whether the demo site may be restored here (spec 3 §6 'a demo host or localhost'): the demo or
 * local environment, or a public address on localhost whatever APP_ENV says (the browser tests).
 */
export function demoRestoreAllowed(config: Pick<Config, 'environment' | 'publicUrl'>): boolean {
  const host = environmentFromHost(new URL(config.publicUrl).hostname);
  return [config.environment, host].some((environment) => environment === 'demo' || environment === 'local');
}

export class ConfigError extends Error {}

/**
 * The longest one job may take before its outside calls time out: an email's connection, greeting
 * and a socket idle at most once per SMTP step (about six), or a QuickBooks invoice's four requests.
 */
export function outsideCallLimitMs(smtp: SmtpTimeouts, httpMs: number): number {
  return Math.max(smtp.connectionMs + smtp.greetingMs + 6 * smtp.socketMs, 4 * httpMs);
}

/** Parses the environment once; a bad value gives a readable error naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  const embedded = !e.OIDC_ISSUER;
  const environment = e.APP_ENV ?? environmentFromHost(new URL(publicUrl).hostname);
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  const twilio = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together',
    );
  }
  if (!e.STRIPE_SECRET_KEY !== !e.STRIPE_PUBLISHABLE_KEY) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together');
  }
  if (!e.QUICKBOOKS_CLIENT_ID !== !e.QUICKBOOKS_CLIENT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  QUICKBOOKS_CLIENT_ID and QUICKBOOKS_CLIENT_SECRET go together');
  }
  const smtpTimeouts = {
    connectionMs: e.SMTP_CONNECTION_TIMEOUT_MS,
    greetingMs: e.SMTP_GREETING_TIMEOUT_MS,
    socketMs: e.SMTP_SOCKET_TIMEOUT_MS,
  };
  const longestCall = outsideCallLimitMs(smtpTimeouts, e.HTTP_TIMEOUT_MS);
  if (e.JOB_LEASE_SECONDS * 1000 <= longestCall) {
    throw new ConfigError(
      `Invalid configuration:\n  JOB_LEASE_SECONDS must be longer than the longest job may take with these timeouts (${Math.ceil(longestCall / 1000)} s)`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
    publicUrl,
    environment,
    webhooksCaFile: e.WEBHOOKS_CA_FILE,
    oidc: {
      embedded,
      issuer: (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, ''),
      clientId: e.OIDC_CLIENT_ID,
      audience: e.OIDC_AUDIENCE,
    },
    helpCenterUrl: e.HELP_CENTER_URL,
    productSiteUrl: e.PRODUCT_SITE_URL,
    demoPassword: e.DEMO_PASSWORD,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, dir: path.join(dataDir, 'mail') },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
        }
      : undefined,
    sms: {
      twilio:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
          ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
          : undefined,
      dir: path.join(dataDir, 'sms'),
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    checkResponses: e.CHECK_RESPONSES ? e.CHECK_RESPONSES === 'true' : environment !== 'prod' && environment !== 'demo',
    version: process.env.npm_package_version ?? '0.1.0',
    trial: { checkIntervalSeconds: e.TRIAL_CHECK_INTERVAL_SECONDS, warningDays: e.TRIAL_WARNING_DAYS },
    trialDays: e.TRIAL_DAYS,
    payments: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY,
              timeoutMs: e.HTTP_TIMEOUT_MS,
            }
          : undefined,
      plans: {
        monthly: { defaultAmount: e.PLAN_MONTHLY_CENTS, additionalAmount: e.PLAN_MONTHLY_ADDITIONAL_CENTS },
        yearly: { defaultAmount: e.PLAN_YEARLY_CENTS, additionalAmount: e.PLAN_YEARLY_ADDITIONAL_CENTS },
      },
      taxPercent: e.TAX_PERCENT,
      promotionCodes: e.PROMOTION_CODES,
      renewal: {
        checkIntervalSeconds: e.RENEWAL_CHECK_INTERVAL_SECONDS,
        retryHours: e.PAYMENT_RETRY_HOURS,
        graceDays: e.PAYMENT_GRACE_DAYS,
      },
    },
    quickBooks:
      e.QUICKBOOKS_CLIENT_ID && e.QUICKBOOKS_CLIENT_SECRET
        ? {
            clientId: e.QUICKBOOKS_CLIENT_ID,
            clientSecret: e.QUICKBOOKS_CLIENT_SECRET,
            environment: e.QUICKBOOKS_ENVIRONMENT,
            authorizeUrl: e.QUICKBOOKS_AUTHORIZE_URL ?? 'https://appcenter.intuit.com/connect/oauth2',
            tokenUrl: e.QUICKBOOKS_TOKEN_URL ?? 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
            apiUrl: (
              e.QUICKBOOKS_API_URL ??
              (e.QUICKBOOKS_ENVIRONMENT === 'production'
                ? 'https://quickbooks.api.intuit.com'
                : 'https://sandbox-quickbooks.api.intuit.com')
            ).replace(/\/$/, ''),
            itemId: e.QUICKBOOKS_ITEM_ID,
            timeoutMs: e.HTTP_TIMEOUT_MS,
          }
        : undefined,
    systemAdminEmails: e.SYSTEM_ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(e.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname ?? '.', '../../web/dist'),
    auditChainKey: e.AUDIT_CHAIN_KEY,
    reportPrint: { concurrency: e.REPORT_PRINT_CONCURRENCY, queue: e.REPORT_PRINT_QUEUE },
    jobs: { leaseSeconds: e.JOB_LEASE_SECONDS },
    timeouts: { smtp: smtpTimeouts, http: { connectMs: e.HTTP_CONNECT_TIMEOUT_MS, requestMs: e.HTTP_TIMEOUT_MS } },
    ...overrides,
  };
}
