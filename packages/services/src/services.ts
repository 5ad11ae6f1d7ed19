import path from "node:path";
import { createMailer } from "./adapters/mail/mailer.js";
import { createDiskStorage } from "./adapters/storage/storage.js";
import { createBackgroundTasks } from "./background.js";
import { createRealtime } from "./realtime.js";
import { createAiEngine, createRulesEngine, type BreakdownEngine } from "./adapters/ai/breakdown-engine.js";
import { createAiEnhancer, type RequirementsEnhancer } from "./adapters/ai/requirements-enhancer.js";
import { createStripeProvider } from "./adapters/payments/stripe.js";
import { createTestProvider } from "./adapters/payments/test-provider.js";
import type { Config } from "./config.js";
import { openDatabase, type Database } from "./db/database.js";
import type { ServiceDeps } from "./deps.js";
import type { Logger } from "./logger.js";

/** The wired dependencies of every use case, plus the open database they share. */
export interface Services extends ServiceDeps {
  database: Database;
  /** The breakdown engines: the AI one only when AI_BASE_URL is set; the default is the AI one if present. */
  engines: { rules: BreakdownEngine; ai: BreakdownEngine | undefined; default: BreakdownEngine };
  /** "Enhance with AI" on the wizard's first step: only when AI_BASE_URL is set. */
  enhancer: RequirementsEnhancer | undefined;
  close(): Promise<void>;
}

/**
 * Opens the database and wires the real adapters from the configuration.
 * @param config validated configuration
 * @param logger the process logger
 * @param database an already open database (tests), else one is opened from the configuration
 * @returns the services, to close at shutdown
 */
export async function createServices(config: Config, logger: Logger, database?: Database): Promise<Services> {
  const db = database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger }));
  const mailer = createMailer({ db: db.knex, logger, from: config.mailFrom, smtpUrl: config.smtpUrl });
  const background = createBackgroundTasks(logger);
  const rules = createRulesEngine();
  const ai = config.ai && createAiEngine({ ...config.ai, logger });
  return {
    engines: { rules, ai, default: ai ?? rules },
    enhancer: config.ai && createAiEnhancer({ ...config.ai, logger }),
    db: db.knex,
    database: db,
    config,
    logger,
    mailer,
    storage: createDiskStorage(path.join(config.dataDir, "uploads")),
    background,
    realtime: createRealtime(),
    payments: config.stripe ? createStripeProvider(config.stripe) : createTestProvider(),
    now: () => new Date(),
    async close() {
      await background.drain();
      mailer.close();
      await db.close();
    },
  };
}
