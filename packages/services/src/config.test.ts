import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

const SECRET = "0123456789abcdef-secret";
let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-config-"));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** An environment with a data dir of this test's own and a session secret, so nothing is written elsewhere. */
const env = (extra: Record<string, string | undefined> = {}) => ({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, ...extra });

/** The ConfigError loadConfig throws for an environment (fails the test when it does not throw). */
function configError(extra: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env(extra));
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("loadConfig accepted the environment");
}

describe("loadConfig defaults", () => {
  it("fills in every default when only the data dir and secret are given", () => {
    expect(loadConfig(env())).toEqual({
      env: "development",
      port: 3000,
      publicUrl: "http://localhost:3000",
      dataDir: path.resolve(dataDir),
      databaseUrl: undefined,
      sessionSecret: SECRET,
      ai: undefined,
      stripe: undefined,
      storage: { kind: "disk", root: path.join(path.resolve(dataDir), "uploads") },
      smtpUrl: undefined,
      mailFrom: "Forgehire <no-reply@forgehire.local>",
      queuePollSeconds: 2,
      queueJobTimeoutSeconds: 60,
      queueMaintenanceSeconds: 30,
      paymentReconcileCron: "*/5 * * * *",
      emailRetry: { attempts: 12, delayMs: 5_000, maxDelayMs: 60_000 },
      delivery: { reviewPeriod: "P7D", reviewPeriodMs: 7 * 86_400_000, reviewReminderBeforeMs: 48 * 3_600_000, maxRevisions: 3, platformFeePercent: 10 },
      logLevel: "info",
      authRateLimit: 20,
      apiUserRateLimit: 600,
      trustProxy: false,
      billing: { seller: { name: "Forgehire Inc.", address: "548 Market Street, Suite 100\nSan Francisco, CA 94104\nUnited States", taxId: "EIN 00-0000000" } },
    });
  });

  it("resolves the default data dir ./data against the working directory", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET }).dataDir).toBe(path.resolve("data"));
  });

  it("treats empty or blank optional values as unset", () => {
    const config = loadConfig(
      env({ DATABASE_URL: "", SMTP_URL: "  ", AI_BASE_URL: "", STRIPE_SECRET_KEY: " ", STRIPE_PUBLISHABLE_KEY: "", STRIPE_WEBHOOK_SECRET: "" }),
    );
    expect([config.databaseUrl, config.smtpUrl, config.ai, config.stripe]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("derives the public URL from PORT, and drops a trailing slash from PUBLIC_URL", () => {
    expect(loadConfig(env({ PORT: "8080" }))).toMatchObject({ port: 8080, publicUrl: "http://localhost:8080" });
    expect(loadConfig(env({ PUBLIC_URL: "https://forgehire.example/" })).publicUrl).toBe("https://forgehire.example");
  });

  it("reads the given values, coercing numbers", () => {
    const config = loadConfig(
      env({
        NODE_ENV: "production",
        DATABASE_URL: "postgresql://u:p@db:5432/forgehire",
        SMTP_URL: "smtps://mail.example:465",
        MAIL_FROM: "Ops <ops@example.test>",
        LOG_LEVEL: "warn",
        AUTH_RATE_LIMIT: "5",
        API_USER_RATE_LIMIT: "90",
      }),
    );
    expect(config).toMatchObject({
      env: "production",
      databaseUrl: "postgresql://u:p@db:5432/forgehire",
      smtpUrl: "smtps://mail.example:465",
      mailFrom: "Ops <ops@example.test>",
      logLevel: "warn",
      authRateLimit: 5,
      apiUserRateLimit: 90,
    });
  });

  it("enables the AI engine only with AI_BASE_URL, with default key, model, timeout (90 s) and retry delay (2 s)", () => {
    expect(loadConfig(env({ AI_API_KEY: "k", AI_MODEL: "m" })).ai).toBeUndefined();
    expect(loadConfig(env({ AI_BASE_URL: "http://ai.local/v1" })).ai).toEqual({
      baseUrl: "http://ai.local/v1",
      apiKey: "none",
      model: "gpt-4o-mini",
      timeoutMs: 90_000,
      retryDelayMs: 2_000,
    });
  });

  it("without SESSION_SECRET generates a secret once and keeps it in DATA_DIR", () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toBe(first);
    if (process.platform !== "win32") expect(statSync(path.join(dataDir, "session-secret")).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });
});

describe("loadConfig refuses a bad value with a ConfigError naming the variable", () => {
  it.each([
    ["NODE_ENV", "staging"],
    ["PORT", "not-a-port"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PUBLIC_URL", "not a url"],
    ["DATABASE_URL", "mysql://db/forgehire"],
    ["SESSION_SECRET", "too-short"],
    ["AI_BASE_URL", "not a url"],
    ["AI_TIMEOUT_MS", "0"],
    ["AI_RETRY_DELAY_MS", "-5"],
    ["STRIPE_API_URL", "nope"],
    ["SMTP_URL", "http://mail.example"],
    ["LOG_LEVEL", "loud"],
    ["AUTH_RATE_LIMIT", "0"],
    ["AUTH_RATE_LIMIT", "1.5"],
    ["API_USER_RATE_LIMIT", "0"],
  ])("%s=%j", (name, value) => {
    const error = configError({ [name]: value });
    expect(error.name).toBe("ConfigError");
    expect(error.message).toMatch(new RegExp(`^Invalid configuration:\\n {2}${name}: .+`));
  });

  it("gives the schema's own wording for the URL rules and the secret length", () => {
    expect(configError({ DATABASE_URL: "mysql://db" }).message).toContain("DATABASE_URL: must be a postgres:// URL");
    expect(configError({ SMTP_URL: "http://mail" }).message).toContain("SMTP_URL: must be an smtp:// or smtps:// URL");
    expect(configError({ SESSION_SECRET: "short" }).message).toContain("SESSION_SECRET: must be at least 16 characters");
  });

  it("names every bad variable, one per line", () => {
    const lines = configError({ PORT: "x", LOG_LEVEL: "loud" }).message.split("\n");
    expect(lines[0]).toBe("Invalid configuration:");
    expect(
      lines
        .slice(1)
        .map((line) => line.trim().split(":")[0])
        .sort(),
    ).toEqual(["LOG_LEVEL", "PORT"]);
  });
});

describe("loadConfig STRIPE_* all-or-none", () => {
  const keys = { STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PUBLISHABLE_KEY: "pk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" };

  it("uses Stripe when all three keys are set, with an optional API URL", () => {
    expect(loadConfig(env(keys)).stripe).toEqual({ secretKey: "sk_test_1", publishableKey: "pk_test_1", webhookSecret: "whsec_1", apiUrl: undefined });
    expect(loadConfig(env({ ...keys, STRIPE_API_URL: "http://127.0.0.1:12111" })).stripe?.apiUrl).toBe("http://127.0.0.1:12111");
  });

  it("uses no Stripe when none is set", () => {
    expect(loadConfig(env()).stripe).toBeUndefined();
  });

  it.each(Object.keys(keys))("refuses only %s set", (name) => {
    expect(configError({ [name]: keys[name as keyof typeof keys] }).message).toContain(
      "STRIPE_*: set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none",
    );
  });

  it.each(Object.keys(keys))("refuses all but %s set", (missing) => {
    const error = configError({ ...keys, [missing]: "" });
    expect(error.message).toMatch(/^Invalid configuration:\n {2}STRIPE_\*: /);
  });
});

describe("loadConfig TRUST_PROXY", () => {
  it("trusts no proxy by default, and takes a hop count, true/false, or addresses, CIDRs and presets", () => {
    expect(loadConfig(env()).trustProxy).toBe(false);
    expect(loadConfig(env({ TRUST_PROXY: "" })).trustProxy).toBe(false);
    expect(loadConfig(env({ TRUST_PROXY: "false" })).trustProxy).toBe(false);
    expect(loadConfig(env({ TRUST_PROXY: "true" })).trustProxy).toBe(true);
    expect(loadConfig(env({ TRUST_PROXY: "2" })).trustProxy).toBe(2);
    expect(loadConfig(env({ TRUST_PROXY: "loopback, 10.0.0.0/8,fd00::/8, 192.168.1.7, 172.16.0.0/255.240.0.0" })).trustProxy).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
      "192.168.1.7",
      "172.16.0.0/255.240.0.0",
    ]);
  });

  it("refuses what Express could not use, naming the bad parts", () => {
    for (const value of ["yes", "10.0.0.0/33", "fd00::/129", "10.0.0.1/8/1", "example.com", "-1", "1.5"]) {
      expect(configError({ TRUST_PROXY: value }).message, value).toContain("TRUST_PROXY");
    }
    expect(configError({ TRUST_PROXY: "loopback, proxy.local" }).message).toContain("proxy.local");
  });
});

describe("loadConfig PAYMENT_RECONCILE_CRON", () => {
  it("sweeps every five minutes by default, takes another five-field cron, or off", () => {
    expect(loadConfig(env()).paymentReconcileCron).toBe("*/5 * * * *");
    expect(loadConfig(env({ PAYMENT_RECONCILE_CRON: " 0 * * * 1-5 " })).paymentReconcileCron).toBe("0 * * * 1-5");
    expect(loadConfig(env({ PAYMENT_RECONCILE_CRON: "off" })).paymentReconcileCron).toBeNull();
  });

  it("refuses what pg-boss could not schedule by the minute", () => {
    for (const value of ["every 5 minutes", "*/5 * * *", "*/10 * * * * *", "61 * * * *", ""]) {
      expect(configError({ PAYMENT_RECONCILE_CRON: value }).message, value).toContain("PAYMENT_RECONCILE_CRON");
    }
  });
});

describe("loadConfig delivery settings", () => {
  it("reads REVIEW_PERIOD as an ISO-8601 duration, MAX_REVISIONS and PLATFORM_FEE_PERCENT", () => {
    expect(loadConfig(env({ REVIEW_PERIOD: "PT30S", REVIEW_REMINDER_BEFORE: "PT10S", MAX_REVISIONS: "5", PLATFORM_FEE_PERCENT: "12.5" })).delivery).toEqual({
      reviewPeriod: "PT30S",
      reviewPeriodMs: 30_000,
      reviewReminderBeforeMs: 10_000,
      maxRevisions: 5,
      platformFeePercent: 12.5,
    });
  });

  it("refuses a period that is not a fixed-length duration, a negative revision limit, a fee outside 0–100", () => {
    for (const value of ["7 days", "P1M", "P0D", "7"]) expect(configError({ REVIEW_PERIOD: value }).message, value).toContain("REVIEW_PERIOD");
    for (const value of ["48 hours", "P1M"]) expect(configError({ REVIEW_REMINDER_BEFORE: value }).message, value).toContain("REVIEW_REMINDER_BEFORE");
    for (const value of ["-1", "1.5", "many"]) expect(configError({ MAX_REVISIONS: value }).message, value).toContain("MAX_REVISIONS");
    for (const value of ["-1", "101", "10.0001", "ten"]) expect(configError({ PLATFORM_FEE_PERCENT: value }).message, value).toContain("PLATFORM_FEE_PERCENT");
  });
});

describe("loadConfig STORAGE_URL", () => {
  it("keeps uploads under DATA_DIR/uploads by default, or in the folder of a file:// URL", () => {
    expect(loadConfig(env()).storage).toEqual({ kind: "disk", root: path.join(dataDir, "uploads") });
    expect(loadConfig(env({ STORAGE_URL: "" })).storage).toEqual({ kind: "disk", root: path.join(dataDir, "uploads") });
    expect(loadConfig(env({ STORAGE_URL: "file:///var/lib/forgehire%20files/uploads" })).storage).toEqual({
      kind: "disk",
      root: "/var/lib/forgehire files/uploads",
    });
  });

  it("reads a bucket, its endpoint, region and path style, with the AWS_* keys", () => {
    const storage = loadConfig(
      env({
        STORAGE_URL: "s3://forgehire-files?endpoint=http://127.0.0.1:9000/&region=eu-west-3&forcePathStyle=true",
        AWS_ACCESS_KEY_ID: "AKIAEXAMPLE",
        AWS_SECRET_ACCESS_KEY: "secret-example",
      }),
    ).storage;
    expect(storage).toEqual({
      kind: "s3",
      bucket: "forgehire-files",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-3",
      forcePathStyle: true,
      credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret-example" },
    });
  });

  it("defaults to AWS itself: no endpoint, AWS_REGION or us-east-1, virtual-host style, the SDK's own credentials", () => {
    expect(loadConfig(env({ STORAGE_URL: "s3://forgehire-files" })).storage).toEqual({
      kind: "s3",
      bucket: "forgehire-files",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(loadConfig(env({ STORAGE_URL: "s3://forgehire-files", AWS_REGION: "ap-south-1" })).storage).toMatchObject({ region: "ap-south-1" });
  });

  it.each([
    ["ftp://files.example.com/uploads", 'unknown scheme "ftp:"'],
    ["not a url", "must be file:///absolute/path or s3://BUCKET"],
    ["file://server/share", "absolute folder path"],
    ["s3://Bad_Bucket", "not a valid bucket name"],
    ["s3://ab", "not a valid bucket name"],
    ["s3://forgehire-files/some/prefix", "takes no path"],
    ["s3://key:secret@forgehire-files", "not in the URL"],
    ["s3://forgehire-files?endpont=http://x", "unknown option endpont"],
    ["s3://forgehire-files?endpoint=127.0.0.1:9000", "must be an http:// or https:// URL"],
    ["s3://forgehire-files?forcePathStyle=yes", 'forcePathStyle must be true or false, not "yes"'],
    ["s3://forgehire-files?region=EU%20West", "is not a region name"],
  ])("refuses %s, saying why", (value, reason) => {
    const error = configError({ STORAGE_URL: value });
    expect(error.message).toMatch(/^Invalid configuration:\n {2}STORAGE_URL: /);
    expect(error.message).toContain(reason);
  });

  it("refuses one AWS key without the other", () => {
    expect(configError({ STORAGE_URL: "s3://forgehire-files", AWS_ACCESS_KEY_ID: "AKIAEXAMPLE" }).message).toContain(
      "set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither",
    );
  });
});
