import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { config as loadDotenv } from "dotenv";
import cronParser from "cron-parser";
import { z } from "zod";
import { deliveryDefaults, parseIsoDuration } from "@forgehire/core";
import { ensurePrivateDataDir, writePrivateFile } from "./private-files.js";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/**
 * The seller on billing documents when PLATFORM_* is not set: a placeholder a deployment replaces with its own legal
 * entity (a demo or a test run needs none).
 */
export const billingSellerDefaults = {
  name: "Forgehire Inc.",
  address: "548 Market Street, Suite 100\nSan Francisco, CA 94104\nUnited States",
  taxId: "EIN 00-0000000",
} as const;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
  ),
  SESSION_SECRET: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  AI_BASE_URL: optionalText.pipe(z.string().url().optional()),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  /** Per attempt; the spec's 90 s. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1).default(90_000),
  /** Pause between the two attempts; the spec's 2 s. */
  AI_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(2_000),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Another Stripe API origin, e.g. a local fake in tests or stripe-mock; default https://api.stripe.com. */
  STRIPE_API_URL: optionalText.pipe(z.string().url().optional()),
  /** Where uploads go: unset or file:///path for the local disk, s3://BUCKET?… for S3-compatible storage. */
  STORAGE_URL: optionalText,
  /** S3 credentials, both or neither; without them the AWS SDK's own chain applies (roles, shared files). */
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
  /** The S3 region when STORAGE_URL names none. */
  AWS_REGION: optionalText,
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_FROM: z.string().default("Forgehire <no-reply@forgehire.local>"),
  /** How often an idle queue worker looks for jobs other processes queued (its own process wakes it at once). */
  QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** A running job not finished after this long counts as lost (its process died) and is retried. */
  QUEUE_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often the queue looks for such lost jobs (and archives finished ones). */
  QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * When every server's queue reconciles unsettled payments with the provider (UTC cron, five fields: pg-boss
   * schedules by the minute); `off` schedules nothing.
   */
  PAYMENT_RECONCILE_CRON: z
    .string()
    .trim()
    .default("*/5 * * * *")
    .refine((value) => value === "off" || isMinuteCron(value), "must be a five-field cron expression (e.g. */5 * * * *) or off"),
  /** E-mail delivery attempts before a message is marked failed. */
  EMAIL_RETRY_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  /** The pause after an e-mail's first failed attempt; it doubles, up to EMAIL_RETRY_MAX_DELAY_MS. */
  EMAIL_RETRY_DELAY_MS: z.coerce.number().int().min(1).default(5_000),
  EMAIL_RETRY_MAX_DELAY_MS: z.coerce.number().int().min(1).default(60_000),
  /** How long a client has to review a submitted story before it is approved on its own (ISO-8601, e.g. P7D, PT30S). */
  REVIEW_PERIOD: z
    .string()
    .trim()
    .default(deliveryDefaults.reviewPeriod)
    .refine((value) => parseIsoDuration(value) !== null, "must be an ISO-8601 duration of weeks, days, hours, minutes or seconds (e.g. P7D, PT48H)"),
  /**
   * How long before a story's review deadline its client is reminded (ISO-8601, e.g. PT48H, PT2S); a review period no
   * longer than this has no reminder (the submission's e-mail names the deadline).
   */
  REVIEW_REMINDER_BEFORE: z
    .string()
    .trim()
    .default("PT48H")
    .refine((value) => parseIsoDuration(value) !== null, "must be an ISO-8601 duration of weeks, days, hours, minutes or seconds (e.g. PT48H)"),
  /** Rounds of changes a client may request on one story; past them, a dispute settles it. */
  MAX_REVISIONS: z.coerce.number().int().min(0).max(100).default(deliveryDefaults.maxRevisions),
  /** The platform's share of each released milestone, in percent (0–100, at most three decimals). */
  PLATFORM_FEE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, "at most three decimals")
    .default(deliveryDefaults.platformFeePercent),
  /** The seller printed on receipts, credit notes and statements: the platform's legal name. */
  PLATFORM_LEGAL_NAME: z.string().trim().min(1).max(200).default(billingSellerDefaults.name),
  /** Its postal address; `\\n` (a backslash and n) or a real line break separates lines. */
  PLATFORM_ADDRESS: z.string().trim().min(1).max(500).default(billingSellerDefaults.address),
  /** Its tax id (VAT, EIN…), printed as given. */
  PLATFORM_TAX_ID: z.string().trim().min(1).max(100).default(billingSellerDefaults.taxId),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Attempts per 15 minutes per IP on login, signup and recover. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /**
   * Requests per minute one signed-in user may make to the API, over all their sessions and every server process:
   * ten a second on average, far above what the portal or the back office sends, far below a flood.
   */
  API_USER_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** Which peers may say, in X-Forwarded-For, who the client is: Express's `trust proxy`. None by default. */
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        const bad = value === undefined ? [] : trustProxyProblems(value);
        if (bad.length)
          ctx.addIssue({ code: "custom", message: `not a hop count, true/false, or addresses/CIDRs/loopback/linklocal/uniquelocal: ${bad.join(", ")}` });
      }),
  ),
});

const proxyPresets = new Set(["loopback", "linklocal", "uniquelocal"]);

/** The parts of a TRUST_PROXY value Express would not understand (or would throw on at the first request). */
function trustProxyProblems(value: string): string[] {
  if (/^\d+$/.test(value) || value === "true" || value === "false") return [];
  return value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => {
      if (proxyPresets.has(part)) return false;
      const [address = "", prefix, extra] = part.split("/");
      const family = isIP(address);
      if (!family || extra !== undefined) return true;
      if (prefix === undefined) return false;
      if (isIP(prefix)) return family !== 4 || isIP(prefix) !== 4; // a dotted netmask, as proxy-addr accepts
      return !/^\d+$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128);
    });
}

/** Express's `trust proxy` from TRUST_PROXY: a hop count, true/false, or a list of addresses, CIDRs and presets. */
function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((part) => part.trim());
}

/** An S3-compatible bucket, from STORAGE_URL and the AWS_* variables. */
export interface S3StorageConfig {
  bucket: string;
  /** Another S3 API origin (MinIO, R2, s3rver…); unset for AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name, as most non-AWS stores need. */
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

/** Where uploaded bytes live. */
export type StorageConfig = { kind: "disk"; root: string } | ({ kind: "s3" } & S3StorageConfig);

const bucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const s3Options = new Set(["endpoint", "region", "forcePathStyle"]);

/**
 * Reads STORAGE_URL: unset means `<DATA_DIR>/uploads` on the local disk; `file:///absolute/path` another folder;
 * `s3://BUCKET?endpoint=URL&region=R&forcePathStyle=true` an S3-compatible bucket (each option optional).
 * @param value STORAGE_URL
 * @param dataDir the resolved DATA_DIR
 * @param aws the AWS_* variables
 * @returns the storage settings
 * @throws ConfigError naming what is wrong
 */
export function parseStorageUrl(
  value: string | undefined,
  dataDir: string,
  aws: { accessKeyId?: string | undefined; secretAccessKey?: string | undefined; sessionToken?: string | undefined; region?: string | undefined } = {},
): StorageConfig {
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid configuration:\n  STORAGE_URL: ${message}`);
  };
  if (value === undefined) return { kind: "disk", root: path.join(dataDir, "uploads") };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail("must be file:///absolute/path or s3://BUCKET?endpoint=URL&region=R&forcePathStyle=true");
  }
  if (url.protocol === "file:") {
    if (url.host !== "" || url.search !== "" || url.pathname === "/")
      return fail("file:// needs an absolute folder path and nothing else, e.g. file:///var/lib/forgehire/uploads");
    return { kind: "disk", root: path.resolve(decodeURIComponent(url.pathname)) };
  }
  if (url.protocol !== "s3:") return fail(`unknown scheme "${url.protocol}": use file:// or s3://`);
  const bucket = url.hostname;
  if (!bucketName.test(bucket)) return fail(`"${bucket}" is not a valid bucket name (3–63 lower-case letters, digits, dots, hyphens)`);
  if (url.pathname !== "" && url.pathname !== "/") return fail("s3://BUCKET takes no path; keys are made by the server");
  if (url.username || url.password) return fail("put credentials in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, not in the URL");
  const unknown = [...url.searchParams.keys()].filter((key) => !s3Options.has(key));
  if (unknown.length) return fail(`unknown option ${unknown.join(", ")} (known: endpoint, region, forcePathStyle)`);
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) return fail(`endpoint "${endpoint}" must be an http:// or https:// URL`);
  const style = url.searchParams.get("forcePathStyle") ?? "false";
  if (style !== "true" && style !== "false") return fail(`forcePathStyle must be true or false, not "${style}"`);
  const region = url.searchParams.get("region") ?? aws.region ?? "us-east-1";
  if (!/^[a-z0-9-]+$/.test(region)) return fail(`"${region}" is not a region name`);
  if (Boolean(aws.accessKeyId) !== Boolean(aws.secretAccessKey)) {
    throw new ConfigError("Invalid configuration:\n  AWS_*: set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither");
  }
  return {
    kind: "s3",
    bucket,
    endpoint: endpoint?.replace(/\/$/, ""),
    region,
    forcePathStyle: style === "true",
    credentials:
      aws.accessKeyId && aws.secretAccessKey
        ? { accessKeyId: aws.accessKeyId, secretAccessKey: aws.secretAccessKey, ...(aws.sessionToken && { sessionToken: aws.sessionToken }) }
        : undefined,
  };
}

/** Settings read once at start; every outside dependency is optional and has an embedded default. */
export interface Config {
  env: "development" | "production" | "test";
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  ai: { baseUrl: string; apiKey: string; model: string; timeoutMs: number; retryDelayMs: number } | undefined;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  /** Where uploads go: the local disk by default, an S3-compatible bucket past one machine. */
  storage: StorageConfig;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The queue workers' polling interval, in seconds. */
  queuePollSeconds: number;
  /** A running job's time limit, and how often lost (expired) jobs are looked for, in seconds. */
  queueJobTimeoutSeconds: number;
  queueMaintenanceSeconds: number;
  /** The scheduled reconciliation of unsettled payments (UTC cron), or null when off. */
  paymentReconcileCron: string | null;
  /** E-mail delivery retries: attempts, and the first pause doubling up to the longest. */
  emailRetry: { attempts: number; delayMs: number; maxDelayMs: number };
  /** The delivery lifecycle's settings (docs/lifecycle.md): the review period, the revision limit and the platform fee. */
  delivery: {
    reviewPeriod: string;
    reviewPeriodMs: number;
    /** how long before the review deadline the client is reminded (REVIEW_REMINDER_BEFORE) */
    reviewReminderBeforeMs: number;
    maxRevisions: number;
    platformFeePercent: number;
  };
  /** The seller on billing documents (PLATFORM_LEGAL_NAME, PLATFORM_ADDRESS, PLATFORM_TAX_ID). */
  billing: { seller: { name: string; address: string; taxId: string } };
  logLevel: string;
  authRateLimit: number;
  /** API requests per minute per signed-in user (API_USER_RATE_LIMIT). */
  apiUserRateLimit: number;
  /**
   * Express's `trust proxy`: false (the default) keys every rate limit by the connecting peer's address; set it to
   * the reverse proxies in front of the server so their X-Forwarded-For is believed, and nobody else's.
   */
  trustProxy: boolean | number | string[];
}

/** Raised when an environment variable has a bad value; the message names each one. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Reads `.env` from the working directory into process.env, if there is one; variables already set win, so the
 * environment can always override the file.
 * @param cwd where to look for `.env`
 */
export function loadEnvFile(cwd: string = process.cwd()): void {
  loadDotenv({ path: path.join(cwd, ".env"), quiet: true });
}

/**
 * Validates the environment once and fills in the embedded defaults.
 * @param env the environment (process.env, or a test's own)
 * @returns the configuration
 * @throws ConfigError with one line per bad variable
 * @throws DataDirPermissionError when the session secret is to be kept in a DATA_DIR open to group or others
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError("Invalid configuration:\n  STRIPE_*: set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none");
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? persistentSecret(dataDir),
    ai: e.AI_BASE_URL
      ? {
          baseUrl: e.AI_BASE_URL,
          apiKey: e.AI_API_KEY ?? "none",
          model: e.AI_MODEL ?? "gpt-4o-mini",
          timeoutMs: e.AI_TIMEOUT_MS,
          retryDelayMs: e.AI_RETRY_DELAY_MS,
        }
      : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : undefined,
    storage: parseStorageUrl(e.STORAGE_URL, dataDir, {
      accessKeyId: e.AWS_ACCESS_KEY_ID,
      secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
      sessionToken: e.AWS_SESSION_TOKEN,
      region: e.AWS_REGION,
    }),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    queuePollSeconds: e.QUEUE_POLL_SECONDS,
    queueJobTimeoutSeconds: e.QUEUE_JOB_TIMEOUT_SECONDS,
    queueMaintenanceSeconds: e.QUEUE_MAINTENANCE_SECONDS,
    paymentReconcileCron: e.PAYMENT_RECONCILE_CRON === "off" ? null : e.PAYMENT_RECONCILE_CRON,
    emailRetry: { attempts: e.EMAIL_RETRY_ATTEMPTS, delayMs: e.EMAIL_RETRY_DELAY_MS, maxDelayMs: Math.max(e.EMAIL_RETRY_DELAY_MS, e.EMAIL_RETRY_MAX_DELAY_MS) },
    delivery: {
      reviewPeriod: e.REVIEW_PERIOD,
      reviewPeriodMs: parseIsoDuration(e.REVIEW_PERIOD)!,
      reviewReminderBeforeMs: parseIsoDuration(e.REVIEW_REMINDER_BEFORE)!,
      maxRevisions: e.MAX_REVISIONS,
      platformFeePercent: e.PLATFORM_FEE_PERCENT,
    },
    billing: { seller: { name: e.PLATFORM_LEGAL_NAME, address: e.PLATFORM_ADDRESS.replace(/\\n/g, "\n"), taxId: e.PLATFORM_TAX_ID } },
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    apiUserRateLimit: e.API_USER_RATE_LIMIT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

/** A cron expression pg-boss can schedule: five fields (its clock ticks by the minute, a seconds field would lie). */
function isMinuteCron(value: string): boolean {
  if (value.split(/\s+/).length !== 5) return false;
  try {
    cronParser.parseExpression(value, { tz: "UTC" });
    return true;
  } catch {
    return false;
  }
}

/**
 * A generated secret kept in DATA_DIR (0600), so sessions survive restarts without any setup.
 * @throws DataDirPermissionError when DATA_DIR is open to group or others
 */
function persistentSecret(dataDir: string): string {
  ensurePrivateDataDir(dataDir);
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writePrivateFile(file, secret);
  return secret;
}
