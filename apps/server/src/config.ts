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
  logLevel: string;
  trustProxy: boolean;
  /**
   * Every answer is also checked against its zod schema (a mismatch is a 500). On by default in
   * the local, dev and test environments, so every test checks every answer; off in demo and prod,
   * where the compiled serializer alone writes the answer (CHECK_RESPONSES overrides).
   */
  checkResponses: boolean;
  version: string;
  /** Directory holding the built web app (index.html and assets). */
  webDistDir: string;
}

/** The environment follows the host name unless APP_ENV says otherwise (spec 1 §1). */
export function environmentFromHost(host: string): Environment {
  if (host === 'localhost' || host.startsWith('127.') || host === '[::1]') return 'local';
  const first = host.split('.')[0] ?? '';
  if ((ENVIRONMENTS as readonly string[]).includes(first)) return first as Environment;
  return 'prod';
}

export class ConfigError extends Error {}

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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
    publicUrl,
    environment,
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
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    checkResponses: e.CHECK_RESPONSES ? e.CHECK_RESPONSES === 'true' : environment !== 'prod' && environment !== 'demo',
    version: process.env.npm_package_version ?? '0.1.0',
    webDistDir: path.resolve(import.meta.dirname ?? '.', '../../web/dist'),
    ...overrides,
  };
}
