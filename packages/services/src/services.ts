import { autoApproveStory, remindOfReviewDeadline } from "./use-cases/delivery/deliver-story.js";
import path from "node:path";
import { createMailer } from "./adapters/mail/mailer.js";
import { documentAttachment } from "./use-cases/billing/documents.js";
import { createDiskStorage, type Storage } from "./adapters/storage/storage.js";
import { createS3Storage } from "./adapters/storage/s3-storage.js";
import { createBackgroundTasks } from "./background.js";
import { createRealtime } from "./realtime.js";
import { createAiEngine, createRulesEngine, type BreakdownEngine } from "./adapters/ai/breakdown-engine.js";
import { createAiEnhancer, type RequirementsEnhancer } from "./adapters/ai/requirements-enhancer.js";
import { createStripeProvider } from "./adapters/payments/stripe.js";
import { createTestProvider } from "./adapters/payments/test-provider.js";
import { ConfigError, type Config } from "./config.js";
import { openDatabase, type Database } from "./db/database.js";
import type { ServiceDeps } from "./deps.js";
import type { Logger } from "./logger.js";
import { ensurePrivateDataDir } from "./private-files.js";
import { BREAKDOWN_RETRY_LIMIT, createJobQueue, emailQueueNames, type QueueHandlers } from "./queue/queue.js";
import { mailDeploymentRepository } from "./repositories/mail-deployment.js";
import { workBreakdownRun } from "./use-cases/breakdown/breakdown-runs.js";
import { reconcilePayments } from "./use-cases/payments/reconcile-payments.js";
import { payOutAvailable } from "./use-cases/payouts/payouts.js";

/** How a process works the mail queues: sends over SMTP, keeps mail as logged (a deployment without SMTP), or leaves them. */
export type MailWork = "send" | "log" | "leave";

/** The wired dependencies of every use case, plus the open database they share. */
export interface Services extends ServiceDeps {
  database: Database;
  /** The breakdown engines: the AI one only when AI_BASE_URL is set; the default is the AI one if present. */
  engines: { rules: BreakdownEngine; ai: BreakdownEngine | undefined; default: BreakdownEngine };
  /** "Enhance with AI" on the wizard's first step: only when AI_BASE_URL is set. */
  enhancer: RequirementsEnhancer | undefined;
  /**
   * Starts this process's queue workers, and for a server the clock that sends scheduled jobs (the payment
   * reconciliation): a short-lived CLI command passes `{ command: true }`. Only a process that can send works the mail
   * queues: with SMTP it does (and records that the deployment sends mail); without, a server keeps mail in the
   * outbox as logged only while the deployment has never had a process with SMTP, and a command never touches it.
   * @returns how this process works the mail: send, log, or leave it to others
   */
  startWorkers(options?: { command?: boolean }): Promise<MailWork>;
  /** Resolves once the requests' background work is done and no queued job is due or running (tests, benchmarks). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What each queue's worker does.
 * @param deps the wired services
 */
export function queueHandlers(deps: ServiceDeps & Pick<Services, "engines">): QueueHandlers {
  const deliver = async (job: Parameters<ServiceDeps["mailer"]["deliver"]>[0]) => {
    // A process that was logging mail found a sender: it leaves the mail queues to it from now on.
    if ((await deps.mailer.deliver(job)) === "handed over") {
      deps.logger.info("a process with SMTP now sends this deployment's mail: this one stops working the mail queue");
      await deps.queue.leave(emailQueueNames);
    }
  };
  return {
    email: (job) => deliver(job.data),
    "email-bulk": (job) => deliver(job.data),
    breakdown: async (job) => {
      const engine = deps.engines.ai ?? deps.engines.rules;
      // A run is queued only where AI is configured: a process without it (configured otherwise) still finishes it.
      if (!deps.engines.ai) deps.logger.warn({ runId: job.data.runId }, "breakdown run worked by a process without AI: using the rules engine");
      await workBreakdownRun(deps, engine, job.data.runId, { lastTry: job.retryCount >= BREAKDOWN_RETRY_LIMIT });
    },
    "auto-approve": async (job) => {
      const approval = await autoApproveStory(deps, job.data);
      if (approval) deps.logger.info({ storyId: job.data.storyId, jobCompleted: approval.jobCompleted }, "story approved at the end of its review period");
    },
    "review-reminder": async (job) => {
      if (await remindOfReviewDeadline(deps, job.data)) deps.logger.info({ storyId: job.data.storyId }, "client reminded of a story's review deadline");
    },
    payout: async (job) => {
      const run = await payOutAvailable(deps, job.data.freelancerId);
      if (run.reserved || run.paid || run.failed) deps.logger.info({ freelancerId: job.data.freelancerId, ...run }, "payout run");
    },
    "reconcile-payments": async (job) => {
      const started = Date.now();
      const report = await reconcilePayments(deps);
      // One line per sweep, quiet when there was nothing to look at (every five minutes on an idle site).
      const level = report.errors.length ? "warn" : report.checked ? "info" : "debug";
      deps.logger[level](
        { jobId: job.id, checked: report.checked, updated: report.updated, errors: report.errors, ms: Date.now() - started },
        "scheduled payment reconciliation",
      );
    },
  };
}

/**
 * Opens the database and wires the real adapters from the configuration.
 * @param config validated configuration
 * @param logger the process logger
 * @param database an already open database (tests), else one is opened from the configuration
 * @returns the services, to close at shutdown
 */
export async function createServices(config: Config, logger: Logger, database?: Database): Promise<Services> {
  const storage = await openStorage(config, logger);
  const db = database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger }));
  const queue = createJobQueue({
    db: db.knex,
    logger,
    pollingIntervalSeconds: config.queuePollSeconds,
    jobTimeoutSeconds: config.queueJobTimeoutSeconds,
    maintenanceIntervalSeconds: config.queueMaintenanceSeconds,
    schedules: { "reconcile-payments": config.paymentReconcileCron },
    // A breakdown takes the AI's two attempts and the pause between them; a run past that counts as lost.
    expireInSeconds: config.ai && {
      breakdown: Math.max(config.queueJobTimeoutSeconds, Math.ceil((2 * config.ai.timeoutMs + config.ai.retryDelayMs) / 1000) + 5),
    },
  });
  const mailer = createMailer({
    db: db.knex,
    logger,
    queue,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    retry: config.emailRetry,
    attachmentOf: (documentId) => documentAttachment(db.knex, documentId),
  });
  const background = createBackgroundTasks(logger);
  const rules = createRulesEngine();
  const ai = config.ai && (await createAiEngine({ ...config.ai, logger }));
  const services: Services = {
    engines: { rules, ai, default: ai ?? rules },
    enhancer: config.ai && (await createAiEnhancer({ ...config.ai, logger })),
    db: db.knex,
    database: db,
    config,
    logger,
    mailer,
    storage,
    background,
    queue,
    realtime: createRealtime(),
    payments: config.stripe ? await createStripeProvider(config.stripe) : createTestProvider(),
    now: () => new Date(),
    async startWorkers({ command = false } = {}) {
      const mail: MailWork = mailer.canSend ? "send" : !command && !(await mailDeploymentRepository.hasSender(db.knex)) ? "log" : "leave";
      if (mail === "send") await mailDeploymentRepository.recordSender(db.knex);
      await queue.work(queueHandlers(services), { clock: !command, skip: mail === "leave" ? emailQueueNames : [] });
      const said = {
        send: "sending mail over SMTP",
        log: "no SMTP in this deployment: mail is kept in the outbox (logged)",
        leave: "no SMTP_URL here: mail is left to the processes that have it",
      };
      logger[command ? "debug" : "info"]({ mail }, said[mail]);
      return mail;
    },
    async settle() {
      await background.drain();
      await queue.settle();
    },
    async close() {
      // The requests' background work may still queue jobs; then the workers finish (or hand back) what they hold.
      await background.drain();
      await queue.stop();
      mailer.close();
      await db.close();
    },
  };
  return services;
}

/**
 * The configured file store. A bucket is checked once at start, so a wrong name or key stops the server with a clear
 * message instead of failing every upload; a store that cannot be reached yet is only logged, as it may come back.
 * @throws ConfigError when the bucket is missing or refuses the credentials
 * @throws DataDirPermissionError when the uploads are in a DATA_DIR open to group or others
 */
async function openStorage(config: Config, logger: Logger): Promise<Storage> {
  if (config.storage.kind === "disk") {
    // Uploads in DATA_DIR (the default) are refused a DATA_DIR open to group or others, like the database.
    const relative = path.relative(config.dataDir, config.storage.root);
    if (!relative.startsWith("..") && !path.isAbsolute(relative)) ensurePrivateDataDir(config.dataDir);
    return createDiskStorage(config.storage.root);
  }
  const storage = await createS3Storage(config.storage);
  try {
    await storage.verify();
  } catch (error) {
    const status = ((error as Error).cause as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
    // A missing bucket or refused keys is a configuration mistake: said in one line, like a bad variable.
    if (status === 403 || status === 404) throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`, { cause: error });
    logger.warn({ err: error }, "file storage not reachable at start; uploads and downloads fail until it is");
  }
  logger.info({ storage: storage.description }, "file storage");
  return storage;
}
