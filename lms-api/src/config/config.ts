import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The platform's configuration, parsed once from the environment at start-up (DESIGN.md 4). */
export interface Config {
  readonly production: boolean;
  readonly port: number;
  readonly host: string;
  /** Embedded PGlite data, uploaded content and generated secrets live under this folder. */
  readonly dataDir: string;
  /** When set, the `pg` driver talks to this server instead of embedded PGlite. */
  readonly databaseUrl: string | null;
  /** Public origin of the platform, used for absolute URLs (cmi5 endpoint, xAPI account home page). */
  readonly publicUrl: string;
  /** Key of the HMACs over anonymous IDs and verification tokens. */
  readonly secretKey: string;
  readonly devAdminMode: boolean;
  readonly useCaptcha: boolean;
  readonly maintenanceMode: boolean;
  readonly contactFormEnabled: boolean;
  /** smtp(s)://user:pass@host:port; contact messages are forwarded there when set. */
  readonly smtpUrl: string | null;
  readonly contactRecipient: string;
  readonly contactSender: string;
  readonly introVideoUrl: string | null;
  readonly introVideoCaptionsUrl: string | null;
  /** Failed anonymous-ID look-ups allowed per client and window before 429. */
  readonly authFailureLimit: number;
  readonly authFailureWindowMs: number;
  readonly jsonBodyLimit: string;
  readonly upload: {
    readonly maxBytes: number;
    readonly maxEntries: number;
    readonly maxExpandedBytes: number;
    readonly maxCompressionRatio: number;
  };
  readonly trustProxy: boolean;
  readonly logRequests: boolean;
  /** Create the demo module and course on first start. */
  readonly seedDemo: boolean;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

function readString(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value === '' ? fallback : value;
}

function readOptional(env: Env, name: string): string | null {
  const value = env[name];
  return value === undefined || value === '' ? null : value;
}

function readBool(env: Env, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

function readInt(env: Env, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value.trim())) throw new ConfigError(`${name} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function readUrl(env: Env, name: string, protocols: string[]): string | null {
  const value = readOptional(env, name);
  if (value === null) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${value}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${url.protocol}"`);
  }
  return value;
}

/** The secret is generated once per data folder when none is configured, so embedded start needs no set-up. */
function resolveSecret(env: Env, dataDir: string, production: boolean): string {
  const configured = readOptional(env, 'SECRET_KEY');
  if (configured !== null) {
    if (configured.length < 32) throw new ConfigError('SECRET_KEY must be at least 32 characters long');
    return configured;
  }
  if (production) throw new ConfigError('SECRET_KEY is required when PRODUCTION is true');
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function parseConfig(env: Env = process.env): Config {
  const production = readBool(env, 'PRODUCTION', env.NODE_ENV === 'production');
  const dataDir = path.resolve(readString(env, 'DATA_DIR', './data'));
  const port = readInt(env, 'PORT', 8080, 0, 65535);
  const devAdminMode = readBool(env, 'DEV_ADMIN_MODE', false);
  if (devAdminMode && production) {
    throw new ConfigError('DEV_ADMIN_MODE cannot be enabled when PRODUCTION is true');
  }
  const publicUrl = readUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port || 8080}`;
  const config: Config = {
    production,
    port,
    host: readString(env, 'HOST', '0.0.0.0'),
    dataDir,
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    secretKey: resolveSecret(env, dataDir, production),
    devAdminMode,
    useCaptcha: readBool(env, 'USE_CAPTCHA', false),
    maintenanceMode: readBool(env, 'MAINTENANCE_MODE', false),
    contactFormEnabled: readBool(env, 'CONTACT_FORM_ENABLED', true),
    smtpUrl: readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    contactRecipient: readString(env, 'CONTACT_RECIPIENT', 'info@osaps.etat.lu'),
    contactSender: readString(env, 'CONTACT_SENDER', 'noreply@osaps.etat.lu'),
    // Relative URLs (a video served from /api/v1/content/) are allowed.
    introVideoUrl: readOptional(env, 'INTRO_VIDEO_URL'),
    introVideoCaptionsUrl: readOptional(env, 'INTRO_VIDEO_CAPTIONS_URL'),
    authFailureLimit: readInt(env, 'AUTH_FAILURE_LIMIT', 20, 1),
    authFailureWindowMs: readInt(env, 'AUTH_FAILURE_WINDOW_SECONDS', 900, 1) * 1000,
    jsonBodyLimit: `${readInt(env, 'JSON_BODY_LIMIT_KB', 1024, 1)}kb`,
    upload: {
      maxBytes: readInt(env, 'UPLOAD_MAX_BYTES', 1024 ** 3, 1),
      maxEntries: readInt(env, 'UPLOAD_MAX_ENTRIES', 20_000, 1),
      maxExpandedBytes: readInt(env, 'UPLOAD_MAX_EXPANDED_BYTES', 4 * 1024 ** 3, 1),
      maxCompressionRatio: readInt(env, 'UPLOAD_MAX_COMPRESSION_RATIO', 200, 1),
    },
    trustProxy: readBool(env, 'TRUST_PROXY', false),
    logRequests: readBool(env, 'LOG_REQUESTS', !production ? false : true),
    seedDemo: readBool(env, 'SEED_DEMO', true),
  };
  return Object.freeze(config);
}

/** Config for tests: embedded defaults in a given folder, with overrides. */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return Object.freeze({
    ...parseConfig({ DATA_DIR: dataDir, SECRET_KEY: 'test-secret-key-test-secret-key-0123456789' }),
    seedDemo: false,
    ...overrides,
  });
}
