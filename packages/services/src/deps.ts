import type { Knex } from "knex";
import type { Config } from "./config.js";
import type { Logger } from "./logger.js";
import type { Mailer } from "./adapters/mail/mailer.js";
import type { Storage } from "./adapters/storage/storage.js";
import type { BackgroundTasks } from "./background.js";
import type { Realtime } from "./realtime.js";
import type { PaymentProvider } from "./adapters/payments/provider.js";

/** What every use case may reach; the wiring in services.ts supplies the real parts, tests their own. */
export interface ServiceDeps {
  db: Knex;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  /** Uploaded files' bytes. */
  storage: Storage;
  /** Work done after a response, e.g. emails after a commit. */
  background: BackgroundTasks;
  /** Live updates for connected browsers, published after commits. */
  realtime: Realtime;
  /** The card payment provider: Stripe when its keys are set, else the built-in test provider. */
  payments: PaymentProvider;
  /** The current time; passed in so that rules stay testable. */
  now: () => Date;
}
