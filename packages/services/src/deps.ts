import type { Knex } from "knex";
import type { Config } from "./config.js";
import type { Logger } from "./logger.js";
import type { Mailer } from "./adapters/mail/mailer.js";
import type { Storage } from "./adapters/storage/storage.js";
import type { BackgroundTasks } from "./background.js";
import type { Realtime } from "./realtime.js";
import type { PaymentProvider } from "./adapters/payments/provider.js";
import type { JobQueue } from "./queue/queue.js";

/** What every use case may reach; the wiring in services.ts supplies the real parts, tests their own. */
export interface ServiceDeps {
  db: Knex;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  /** Uploaded files' bytes. */
  storage: Storage;
  /**
   * Work started by a request that must not delay its answer and needs no durability (the reset request, whose own
   * transaction queues the e-mail). Work that must happen after a commit is a queued job instead.
   */
  background: BackgroundTasks;
  /** Durable jobs in the same database (pg-boss): e-mail deliveries; sent in the transaction that causes them. */
  queue: JobQueue;
  /** Live updates for connected browsers, published after commits. */
  realtime: Realtime;
  /** The card payment provider: Stripe when its keys are set, else the built-in test provider. */
  payments: PaymentProvider;
  /** The current time; passed in so that rules stay testable. */
  now: () => Date;
}
