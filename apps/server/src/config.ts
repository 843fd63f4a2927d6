import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The repository's root (where `npm start` runs): this file is apps/server/src/config.ts, or part
 * of a bundle in apps/server/dist/ (build.mjs), one folder below apps/server either way.
 */
export const repositoryRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../..',
);
const defaultWebDist = path.join(repositoryRoot, 'apps/web/dist');

const booleanFlag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'], {
    error: 'must be one of on, off, true, false, 1, 0',
  })
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const urlString = (protocols: string[]) =>
  z
    .string()
    .url({ error: 'must be a URL' })
    .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
      error: `must be a ${protocols.map((p) => p.replace(':', '')).join(' or ')} URL`,
    });

/** The names proxy-addr (Fastify's trustProxy) gives to well-known ranges. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

/** `10.0.0.1`, `10.0.0.0/8`, `fd00::/8`, or a range name. */
function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the server are trusted to say who the client is (X-Forwarded-For):
 * none (`off`), or those at these addresses and ranges. The client's address is then the nearest
 * one that is not a trusted proxy, so a client cannot choose its own by writing the header.
 * Refused, each with the reason: `on`, which trusted the left-most entry (the client writes it),
 * and a number of hops, which cannot tell a proxy from a client that reaches the server directly
 * (Fastify 5.12.1 dropped it for that reason). Decision 0018.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): false | string[] => {
    if (['off', 'false', '0'].includes(value)) return false;
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    const addresses =
      "give the proxies' addresses or ranges instead (10.0.0.5, 10.0.0.0/8, fd00::/8; " +
      'loopback for a proxy on this machine, uniquelocal for one on a private network)';
    context.addIssue({
      code: 'custom',
      message: ['on', 'true'].includes(value)
        ? `\`${value}\` would trust any X-Forwarded-For a client sends: ${addresses}`
        : /^\d+$/.test(value)
          ? `a number of proxies cannot tell a proxy from a client that connects directly: ${addresses}`
          : `must be off, or a comma-separated list of proxy addresses and ranges: ${addresses}`,
    });
    return z.NEVER;
  });

/** Every setting, parsed once at start-up (docs/design.md §4). The only reader of process.env. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((value) => !value || /^(postgres|postgresql|sqlite|file):/.test(value), {
      error: 'must be a postgres:// URL, or sqlite:<path>',
    }),
  PUBLIC_URL: urlString(['http:', 'https:']).optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SMTP_URL: urlString(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Glossa <no-reply@glossa.local>'),
  TRANSLATE_URL: urlString(['http:', 'https:']).optional(),
  BILLING: booleanFlag.default(false),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_ID: z.string().min(1).optional(),
  /** Another address for Stripe's API (a local fake in tests and the e2e journey). */
  STRIPE_API_URL: urlString(['http:', 'https:']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySetting.default(false),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(20),
  STUDY_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(20),
  WEB_DIST: z.string().min(1).optional(),
});

export type Env = Record<string, string | undefined>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  publicUrl: string;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  translateUrl: string | undefined;
  billing: boolean;
  /** Stripe's settings: present exactly when billing is on (decision 0034). */
  stripe: StripeConfig | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Fastify's trustProxy: false, or the addresses and ranges of the proxies in front. */
  trustProxy: false | string[];
  /** Requests per minute and client address on each sign-in, sign-up, refresh and mail call. */
  authRateLimit: number;
  /** Study writes (answers, "I was right", undos) per second and learner. */
  studyRateLimit: number;
  webDist: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The recurring price of premium that Checkout sells. */
  priceId: string;
  /** Stripe's API at another address (a fake), else the SDK's own. */
  apiUrl: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: Env = process.env): Config {
  const definedOnly = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(definedOnly);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid settings:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const url = e.DATABASE_URL;
  const database: Config['database'] =
    url && /^postgres(ql)?:/.test(url)
      ? { kind: 'postgres', url }
      : {
          kind: 'sqlite',
          file: url
            ? path.resolve(url.replace(/^(sqlite|file):(\/\/)?/, ''))
            : path.join(dataDir, 'glossa.db'),
        };
  if (database.kind === 'postgres') {
    // Instances that share a database run side by side behind a load balancer: each would
    // generate its own secret (random 401s) and link mail to its own address.
    const missing = [
      ...(e.JWT_SECRET ? [] : ['JWT_SECRET: required on PostgreSQL, the same on every instance']),
      ...(e.PUBLIC_URL ? [] : ['PUBLIC_URL: required on PostgreSQL, the address users reach']),
    ];
    if (missing.length > 0) throw new ConfigError(`Invalid settings:\n  ${missing.join('\n  ')}`);
  }
  let stripe: StripeConfig | undefined;
  if (e.BILLING) {
    // Billing on without them would take no payment and never end a subscription: refuse to start.
    const missing = (
      [
        ['STRIPE_SECRET_KEY', e.STRIPE_SECRET_KEY, 'the secret API key (sk_…)'],
        ['STRIPE_WEBHOOK_SECRET', e.STRIPE_WEBHOOK_SECRET, 'the webhook signing secret (whsec_…)'],
        ['STRIPE_PRICE_ID', e.STRIPE_PRICE_ID, 'the recurring price of premium (price_…)'],
      ] as const
    )
      .filter(([, value]) => !value)
      .map(([name, , what]) => `${name}: required when BILLING is on, ${what}`);
    if (missing.length > 0) throw new ConfigError(`Invalid settings:\n  ${missing.join('\n  ')}`);
    stripe = {
      secretKey: e.STRIPE_SECRET_KEY ?? '',
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
      priceId: e.STRIPE_PRICE_ID ?? '',
      apiUrl: e.STRIPE_API_URL,
    };
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    translateUrl: e.TRANSLATE_URL,
    billing: e.BILLING,
    stripe,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimit: e.AUTH_RATE_LIMIT,
    studyRateLimit: e.STUDY_RATE_LIMIT,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist,
  };
}
