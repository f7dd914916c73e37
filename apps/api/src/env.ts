import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const wholeNumber = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ message }).int(message).min(min, message).max(max, message);
};

/** Configuration from the environment, validated once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1, 'PORT must be between 1 and 65535').max(65535, 'PORT must be between 1 and 65535').default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  APP_URL: z.url({ message: 'APP_URL must be a full URL such as https://enamel.example.com' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Enamel <no-reply@enamel.local>'),
  ADMIN_EMAIL: z.email({ message: 'ADMIN_EMAIL must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'TIME_ZONE must be an IANA time zone such as Europe/London')
    .default(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
  TRUST_PROXY: z
    .enum(['true', 'false'], { message: 'TRUST_PROXY must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP_DAILY: wholeNumber('BACKUP_KEEP_DAILY', 0, 366).default(7),
  BACKUP_KEEP_WEEKLY: wholeNumber('BACKUP_KEEP_WEEKLY', 0, 520).default(4),
  LOGIN_LIMIT_PER_IP: wholeNumber('LOGIN_LIMIT_PER_IP', 1, 100_000).default(60),
  API_TOKEN_RATE_LIMIT: wholeNumber('API_TOKEN_RATE_LIMIT', 1, 1_000_000).default(600),
  /** Hosts or addresses webhooks may call although private or plain http (tests, local development): comma-separated. */
  WEBHOOK_ALLOW_HOSTS: z.string().default(''),
  /** The first retry's delay; each next one doubles (capped at 6 h), for WEBHOOK_RETRY_HOURS. */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number({ message: 'WEBHOOK_RETRY_BASE_SECONDS must be a number' }).min(0.01).max(3600).default(30),
  WEBHOOK_RETRY_HOURS: z.coerce.number({ message: 'WEBHOOK_RETRY_HOURS must be a number' }).min(0).max(168).default(24),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number({ message: 'WEBHOOK_TIMEOUT_SECONDS must be a number' }).min(0.1).max(60).default(10),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  sessionSecret: string;
  logLevel: string;
  trustProxy: boolean;
  /** The installation's time zone: the scheduler's cron expressions are read in it. */
  timeZone: string;
  /** Cookies get `Secure` when the app is served over HTTPS. */
  secureCookies: boolean;
  webDist: string;
  /** Where backups of the embedded database are written (absolute). */
  backupDir: string;
  backupRetention: BackupRetention;
  /** Sign-in attempts one address may make in 15 minutes (a practice behind one address with many staff may raise it). */
  loginLimitPerIp?: number;
  /** Requests one API token may make per minute. */
  apiTokenRateLimit?: number;
  /** Webhooks (docs/webhooks.md): hosts allowed although private, the retry schedule, the timeout of one attempt. */
  webhookAllowHosts: string[];
  webhookRetryBaseSeconds: number;
  webhookRetryHours: number;
  webhookTimeoutSeconds: number;
}

/** How many backups are kept: the newest `latest`, and the newest of each of the last `daily` days and `weekly` weeks that have one. */
export interface BackupRetention {
  latest: number;
  daily: number;
  weekly: number;
}

/** The newest backups are always kept, however many were taken today. */
export const KEEP_LATEST_BACKUPS = 3;

export class ConfigError extends Error {}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Parses the environment; throws a ConfigError listing every bad value. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(blankless);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  // The backup folder is checked against the data folder, so with the others (one message names every bad value).
  const dataDirValue = typeof blankless.DATA_DIR === 'string' ? blankless.DATA_DIR : './data';
  const backupDir = path.resolve(blankless.BACKUP_DIR ?? path.join(path.resolve(dataDirValue), 'backups'));
  const badBackupDir = checkBackupDir(backupDir, path.resolve(dataDirValue));
  if (badBackupDir) lines.push(`  BACKUP_DIR: ${badBackupDir}`);
  if (!parsed.success || lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  const e = parsed.data;
  const port = e.PORT;
  const appUrl = (e.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    timeZone: e.TIME_ZONE,
    secureCookies: appUrl.startsWith('https://'),
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
    backupDir,
    backupRetention: { latest: KEEP_LATEST_BACKUPS, daily: e.BACKUP_KEEP_DAILY, weekly: e.BACKUP_KEEP_WEEKLY },
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    apiTokenRateLimit: e.API_TOKEN_RATE_LIMIT,
    webhookAllowHosts: e.WEBHOOK_ALLOW_HOSTS.split(',').map((h) => h.trim()).filter(Boolean),
    webhookRetryBaseSeconds: e.WEBHOOK_RETRY_BASE_SECONDS,
    webhookRetryHours: e.WEBHOOK_RETRY_HOURS,
    webhookTimeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS,
  };
}

/** Why a backup folder cannot be used, or null: it may not exist yet, but it may not be a file nor lie inside the database's own folder. */
function checkBackupDir(backupDir: string, dataDir: string): string | null {
  const inside = path.relative(path.join(dataDir, 'pgdata'), backupDir);
  if (inside === '' || (!inside.startsWith('..') && !path.isAbsolute(inside))) return `${backupDir} is inside the database folder ${path.join(dataDir, 'pgdata')}; choose another folder`;
  const stat = fs.statSync(backupDir, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory()) return `${backupDir} exists and is not a folder`;
  return null;
}
