import os from 'node:os';
import path from 'node:path';
import { tileSource } from '@kestrel/contract/sites-map';
import { z } from 'zod';
import { AE_TITLE } from './dicom/ae-title';

/**
 * The whole configuration, read once from the environment. Every variable has a default that
 * works on a developer machine; a bad value stops start-up with a message naming the variable.
 * The README documents each entry (keep the two in step).
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce
  .number({ message: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');
const positive = (what: string) =>
  z.coerce.number({ message: `must be ${what}` }).positive(`must be ${what}`);
const slug = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,30}$/, 'must be lower-case letters, digits or dashes, starting with a letter');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(8080),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset for the embedded database)')
    .optional(),
  /**
   * PostgreSQL only: ingest lanes, each a group commit on a connection of its own, so objects of
   * different devices commit side by side (docs/ingest.md, "Commits in parallel"). PGlite: one.
   */
  INGEST_CONNECTIONS: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(32, 'must be at most 32')
    // One lane per two cores: lanes only pay where cores are spare. Measured on 2 cores (bench/
    // BENCHMARKS.md): 4 lanes commit 1 object each at 4 associations and cost 2.0 ms of CPU per
    // object against 1.3 ms for one lane's group commits — 699 against 850 objects/s.
    .default(Math.max(1, Math.floor(os.availableParallelism() / 2))),
  DATA_DIR: z.string().min(1).default('./data'),
  DICOM_PORT: port.default(11112),
  DICOM_AE_TITLE: z
    .string()
    .regex(AE_TITLE, 'must be 1 to 16 printable ASCII characters, no backslash, not only spaces')
    .default('KESTREL'),
  /** An association with nothing in flight is aborted after this long without a byte. */
  DICOM_IDLE_SECONDS: positive('a positive number of seconds').default(60),
  /** ARTIM (PS3.8 §9.1.5): how long a new connection may take to associate, or a peer to hang up. */
  DICOM_ARTIM_SECONDS: positive('a positive number of seconds').default(30),
  /** Our maximum PDU length (announced to senders); longer PDUs abort the association. */
  DICOM_MAX_PDU_BYTES: z.coerce
    .number()
    .int()
    .min(4096, 'must be at least 4096')
    .max(16 * 1024 * 1024, 'must be at most 16 MB')
    .default(1 << 20),
  /** Connections open at once; more are refused (A-ASSOCIATE-RJ, transient) until some close. */
  DICOM_MAX_ASSOCIATIONS: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .default(32),
  /** Data-set bytes all associations hold in memory together; past it, senders are held back. */
  DICOM_MAX_BUFFERED_BYTES: z.coerce
    .number({ message: 'must be a number of bytes' })
    .int('must be a whole number of bytes')
    .min(1024 * 1024, 'must be at least 1048576 (1 MB)')
    .default(256 * 1024 * 1024),
  /**
   * How much of each DIMSE data set is kept in memory: Kestrel reads only the header (everything
   * before Pixel Data), so the pixels past this are counted, not kept.
   */
  DICOM_MAX_HEADER_BYTES: z.coerce
    .number({ message: 'must be a number of bytes' })
    .int('must be a whole number of bytes')
    .min(64 * 1024, 'must be at least 65536 (64 KB)')
    .default(16 * 1024 * 1024),
  /** Largest object from a DICOM sender no allow-list entry admitted (allow-listed: UPLOAD_MAX_BYTES). */
  DICOM_UNLISTED_MAX_OBJECT_BYTES: z.coerce
    .number({ message: 'must be a number of bytes' })
    .int('must be a whole number of bytes')
    .min(1024, 'must be at least 1024')
    .default(64 * 1024 * 1024),
  PRODUCT_NAME: z.string().min(1).default('Kestrel'),
  PROVIDER_NAME: z.string().min(1).default('Acme Medical Imaging'),
  PROVIDER_SLUG: slug.default('acme'),
  PRIVACY_POLICY_URL: z
    .url({ message: 'must be an absolute URL' })
    .default('https://www.example.com/privacy'),
  SESSION_IDLE_MINUTES: positive('a positive number of minutes').default(15),
  SESSION_MAX_HOURS: positive('a positive number of hours').default(12),
  /** When the 'Extend Session' modal opens; unset = the idle limit less the countdown (13 of 15). */
  IDLE_WARNING_MINUTES: positive('a positive number of minutes').optional(),
  SESSION_COUNTDOWN_SECONDS: z.coerce.number().int().min(10, 'must be at least 10').max(3600).default(120),
  ACTIVITY_CHECK_SECONDS: positive('a positive number of seconds').default(4),
  RIGHT_CLICK_DISABLED: bool.default(true),
  SUPPORT_EMAIL: z.email({ message: 'must be an e-mail address' }).default('support@example.com'),
  SUPPORT_PHONE: z.string().max(40).optional(),
  BUILD_ID: z.string().max(64).default('development'),
  /**
   * Tile service of the sites map (docs/map.md): a URL template with {z}, {x} and {y}, optionally
   * {s} (subdomain) and {apiKey} (where MAP_API_KEY goes). Unset: the bundled offline world map.
   * Only its host is added to the Content-Security-Policy.
   */
  MAP_TILE_URL: z
    .string()
    .max(500)
    .refine(
      (u) => tileSource(u) !== null,
      'must be an absolute http(s) URL such as https://tiles.example.com/{z}/{x}/{y}.png',
    )
    .refine((u) => ['{z}', '{x}', '{y}'].every((p) => u.includes(p)), 'must contain {z}, {x} and {y}')
    .optional(),
  MAP_API_KEY: z.string().min(1).max(500).optional(),
  /** Credit line the tile service asks for (shown on the map). */
  MAP_ATTRIBUTION: z.string().max(300).default(''),
  /**
   * Outgoing mail (password links, invitations): smtp://user:pass@host:port or smtps://…. Unset:
   * mails are only kept in the outbox, which the provider admin reads in the portal.
   */
  SMTP_URL: z
    .url({ message: 'must be a URL such as smtp://user:password@mail.example.com:587' })
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Kestrel <no-reply@example.com>'),
  /** The address users open the portal at; links in mails point here. */
  PUBLIC_URL: z
    .url({ message: 'must be an absolute URL such as https://kestrel.example.com' })
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .default('http://localhost:8080'),
  /** How long a password-reset link works. */
  PASSWORD_RESET_MINUTES: z.coerce
    .number()
    .int()
    .min(5, 'must be at least 5')
    .max(7 * 24 * 60)
    .default(60),
  /** How long an invitation (set your password) link works. */
  INVITATION_DAYS: z.coerce.number().int().min(1, 'must be at least 1').max(60).default(7),
  /**
   * Provider staff (admins, service engineers, sales) with a local account must use a TOTP second
   * factor: they set it up at their next sign-in (docs/accounts.md "Second factor").
   */
  TOTP_REQUIRED_FOR_PROVIDER: bool.default(false),
  /** 'Forgot password' requests accepted per client address per 15 minutes. */
  PASSWORD_FORGOT_RATE_LIMIT: z.coerce.number().int().min(1, 'must be at least 1').default(5),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1, 'must be at least 1').default(10),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024, 'must be at least 1024')
    .default(1024 * 1024),
  /** Largest upload (portal files) or STOW-RS request, in bytes: bodies are held in memory. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024, 'must be at least 1024')
    .default(512 * 1024 * 1024),
  /** Where release packages are kept (docs/releases.md §1); default `<DATA_DIR>/packages`. */
  PACKAGE_DIR: z.string().min(1).optional(),
  /** Largest release package, in bytes: uploads are streamed to PACKAGE_DIR, never held in memory. */
  PACKAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024, 'must be at least 1024')
    .default(2 * 1024 * 1024 * 1024),
  /**
   * Keep release packages in this S3-compatible bucket instead of PACKAGE_DIR (several servers
   * then share them). Endpoint for services other than AWS (MinIO, Ceph …; path-style requests);
   * without access keys the AWS SDK's usual chain applies (AWS_* variables, instance roles).
   */
  PACKAGE_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  PACKAGE_S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]{0,200}$/, 'must be a plain key prefix such as kestrel/packages/')
    .optional(),
  PACKAGE_S3_ENDPOINT: z.string().url('must be a URL such as https://s3.example.com').optional(),
  PACKAGE_S3_REGION: z.string().min(1).max(64).optional(),
  PACKAGE_S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  PACKAGE_S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  CONNECTION_YELLOW_MINUTES: positive('a positive number of minutes').default(30),
  CONNECTION_RED_MINUTES: positive('a positive number of minutes').default(24 * 60),
  /** How often connection status is re-evaluated for devices that went quiet. */
  CONNECTION_EVALUATE_SECONDS: positive('a positive number of seconds').default(60),
  /** Tube forecast: mean daily use over this many days. */
  TUBE_FORECAST_WINDOW_DAYS: z.coerce.number().int().min(1, 'must be at least 1').max(365).default(30),
  /** How often every tube's mean daily use is recomputed (heartbeats and replacements also do it). */
  TUBE_FORECAST_REFRESH_MINUTES: positive('a positive number of minutes').default(60),
  /** Heartbeats accepted per device key and minute. */
  HEARTBEAT_RATE_LIMIT: z.coerce.number().int().min(1, 'must be at least 1').default(30),
  WIDGET_CACHE_SECONDS: z.coerce.number().int().min(0, 'must be 0 (off) or more').max(3600).default(60),
  DEMO_FLEET: bool.default(true),
  DEMO_SEED: z.string().min(1).default('kestrel'),
  DEMO_DAYS: z.coerce.number().int().min(1, 'must be at least 1').max(3660).default(183),
  DEMO_DEVICES: z.coerce.number().int().min(5, 'must be at least 5').max(20000).default(100),
  DEMO_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
  /** Days of demo history (the most recent) loaded before the port opens; the rest follows in the background. */
  DEMO_RECENT_DAYS: z.coerce
    .number({ message: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(3660, 'must be at most 3660')
    .default(14),
  /** The living demo: the demo fleet keeps sending heartbeats and exams while the server runs. */
  DEMO_LIVE: bool.default(true),
  /** How often the living demo's devices send (heartbeat, then the exams since their last round). */
  DEMO_LIVE_INTERVAL_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(3600, 'must be at most 3600')
    .default(300),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  /**
   * Prometheus metrics: scraped on the API's port with `Authorization: Bearer <METRICS_TOKEN>`
   * (refused when no token is set), or without a token on a port of their own (METRICS_PORT,
   * bound to METRICS_HOST) that the network keeps private.
   */
  METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters').max(256).optional(),
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Company sign-in (docs/sso.md). SSO_SECRET_KEY: 32 bytes as 64 hex digits or base64, the
   * AES-256-GCM key for identity providers' client secrets in the database; without it no provider
   * can be added in the portal. SSO_ISSUER/SSO_CLIENT_ID/SSO_CLIENT_SECRET: one provider from the
   * environment (single-tenant installs), for SSO_CUSTOMER_ID's users or, unset, the provider's staff.
   */
  SSO_SECRET_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, 'must be 32 bytes as 64 hex digits or base64')
    .optional(),
  SSO_ISSUER: z
    .url({ message: 'must be the issuer URL, e.g. https://login.example.com/tenant/v2.0' })
    .optional(),
  SSO_CLIENT_ID: z.string().min(1).max(500).optional(),
  SSO_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  SSO_NAME: z.string().min(1).max(100).default('your company account'),
  SSO_DOMAINS: z
    .string()
    .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, 'must be e-mail domains separated by commas')
    .optional(),
  SSO_CUSTOMER_ID: z.coerce.number().int().positive('must be a customer id').optional(),
  /** How long Kestrel waits for an identity provider's answer (discovery, token, keys). */
  SSO_TIMEOUT_SECONDS: positive('a positive number of seconds').default(10),
  /** Clock difference tolerated between Kestrel and the identity provider for ID token times. */
  SSO_CLOCK_TOLERANCE_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof schema> & { dataDir: string; webDist: string; packageDir: string };

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set": shells and .env files often leave them empty.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${i.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.CONNECTION_RED_MINUTES <= c.CONNECTION_YELLOW_MINUTES) {
    throw new ConfigError(
      'Invalid configuration:\n  CONNECTION_RED_MINUTES must be greater than CONNECTION_YELLOW_MINUTES',
    );
  }
  if (c.IDLE_WARNING_MINUTES !== undefined && c.IDLE_WARNING_MINUTES >= c.SESSION_IDLE_MINUTES) {
    throw new ConfigError(
      'Invalid configuration:\n  IDLE_WARNING_MINUTES must be less than SESSION_IDLE_MINUTES',
    );
  }
  if (c.MAP_TILE_URL?.includes('{apiKey}') && !c.MAP_API_KEY) {
    throw new ConfigError('Invalid configuration:\n  MAP_TILE_URL has {apiKey}: set MAP_API_KEY as well');
  }
  if (c.SSO_ISSUER && !(c.SSO_CLIENT_ID && c.SSO_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  SSO_ISSUER needs SSO_CLIENT_ID and SSO_CLIENT_SECRET as well',
    );
  }
  if (Boolean(c.PACKAGE_S3_ACCESS_KEY_ID) !== Boolean(c.PACKAGE_S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  PACKAGE_S3_ACCESS_KEY_ID and PACKAGE_S3_SECRET_ACCESS_KEY go together',
    );
  }
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    packageDir: path.resolve(c.PACKAGE_DIR ?? path.join(c.DATA_DIR, 'packages')),
    webDist: path.resolve(c.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
  };
}
