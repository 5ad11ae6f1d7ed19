import type { Knex } from "knex";
import PgBoss from "pg-boss";
import pLimit from "p-limit";
import type { Logger } from "../logger.js";

/** The queue's schema; created by the migration 20261123160000_create-pgboss-schema. */
export const QUEUE_SCHEMA = "pgboss";

/** Deliver one outbox message: `attempt` is how many deliveries were tried before this one. */
export interface EmailJobData {
  emailId: string;
  attempt: number;
  /** What SMTP gets when it differs from the outbox's copy: the body with its secrets (a reset link) filled in. */
  smtpBody?: { text: string; html?: string };
}

/** What each queue's jobs carry. */
export interface QueueData {
  /** The priority lane of e-mail: resets, admin e-mails, receipts (core's emailLane). */
  email: EmailJobData;
  /** Bulk notices, worked beside the priority lane by workers of their own, so a backlog of them never delays it. */
  "email-bulk": EmailJobData;
  /** One sweep of every unsettled payment (the schedule's, or one sent by hand); it carries nothing. */
  "reconcile-payments": Record<string, never>;
  /** One AI breakdown run (its row in breakdown_runs; the job's id is the run's id). */
  breakdown: { runId: string };
  /**
   * A story's auto-approval, sent at its submission to start at its review deadline: it approves the story only if it
   * is still in review in that same submission (ISO time), so a later resubmission, approval or dispute makes it a no-op.
   */
  "auto-approve": { storyId: string; submittedAt: string };
  /**
   * The client's reminder before a story's review deadline, sent at its submission to start REVIEW_REMINDER_BEFORE
   * ahead of it: a no-op unless the story is still in review in that same submission.
   */
  "review-reminder": { storyId: string; submittedAt: string };
  /** Pays out a freelancer's available money (after a release, or their onboarding): every release not yet paid. */
  payout: { freelancerId: string };
}

export type QueueName = keyof QueueData;

/** A queued job as a worker receives it. */
export interface QueuedJob<N extends QueueName> {
  id: string;
  name: N;
  data: QueueData[N];
  /** How many times pg-boss already retried this job after a crash or a thrown error. */
  retryCount: number;
}

export type QueueHandlers = { [N in QueueName]: (job: QueuedJob<N>) => Promise<void> };

/**
 * Retries of a job whose handler threw or whose process died (an active job past its time limit, found by the
 * maintenance): the email handler owns its business retries (with the outbox row's attempts), these only cover a
 * crash or a database outage.
 */
const queueOptions: Record<QueueName, PgBoss.Queue> = {
  email: { name: "email", retryLimit: 5, retryDelay: 2, retryBackoff: true },
  "email-bulk": { name: "email-bulk", retryLimit: 5, retryDelay: 2, retryBackoff: true },
  // Stately: at most one sweep waits and one runs, whichever process holds it, so sweeps never overlap. A failed
  // sweep is not retried (the next tick is one); it may take its time across many provider calls.
  "reconcile-payments": { name: "reconcile-payments", policy: "stately", retryLimit: 0, expireInSeconds: 15 * 60 },
  // A breakdown whose process died mid-answer is worked again by another (its time limit is the AI's, set by the
  // wiring); the run's row makes a second working of a finished run a no-op.
  breakdown: { name: "breakdown", retryLimit: 3, retryDelay: 1 },
  // Retried after a crash or an outage; the approval's conditional update makes a second working a no-op.
  "auto-approve": { name: "auto-approve", retryLimit: 10, retryDelay: 5, retryBackoff: true },
  // Retried after a crash or an outage; the story's claim of its reminder makes a second working send nothing.
  "review-reminder": { name: "review-reminder", retryLimit: 10, retryDelay: 5, retryBackoff: true },
  // Retried while the provider is away; a payout's unique key per release and its idempotency key at the provider make
  // a second working (a retry, another process) pay nothing twice.
  payout: { name: "payout", retryLimit: 10, retryDelay: 5, retryBackoff: true },
};

/** How many times a breakdown job is retried: its handler fails the run for good on the last one. */
export const BREAKDOWN_RETRY_LIMIT = queueOptions.breakdown.retryLimit!;

export const queueNames = Object.keys(queueOptions) as QueueName[];

/** The e-mail queues, one per lane: only a process that can send (SMTP) works them (see Services.startWorkers). */
export const emailQueueNames = ["email", "email-bulk"] as const satisfies QueueName[];

/**
 * How many jobs a worker takes per fetch and how many of them run at once. E-mail goes in batches over a few SMTP
 * connections (one message per poll was 0.5 per second); the others are one at a time.
 */
const batching: Partial<Record<QueueName, { batchSize: number; concurrency: number }>> = {
  email: { batchSize: 10, concurrency: 2 },
  "email-bulk": { batchSize: 20, concurrency: 4 },
};

/**
 * The most e-mails one process has in flight to SMTP at once, both lanes together (the mailer's connection pool is
 * this size); each holds a database connection only for its two short statements, well within the pool of 10.
 */
export const EMAIL_CONCURRENCY = emailQueueNames.reduce((sum, name) => sum + batching[name]!.concurrency, 0);

/** Work that must happen after a change commits, kept in the database (pg-boss) so a restart loses none of it. */
export interface JobQueue {
  /**
   * Queues a job. Pass the caller's transaction as `db` whenever the job follows from a change made in it: the job
   * then exists only if that change commits (the transactional outbox), and never without it.
   * @returns the job's id
   */
  send<N extends QueueName>(name: N, data: QueueData[N], options?: { db?: Knex; startAfter?: Date; id?: string }): Promise<string>;
  /**
   * Starts the queue for sending only. A process that sends from inside a transaction before any worker runs (a CLI
   * command) calls it first: starting lazily there would wait for a connection the transaction holds (PGlite has one).
   */
  prepare(): Promise<void>;
  /**
   * Starts this process's workers (the server; a CLI command only while it runs).
   * @param options clock: false for a short-lived process, which then neither sets the schedules nor sends their jobs
   */
  work(handlers: QueueHandlers, options?: { clock?: boolean; skip?: readonly QueueName[] }): Promise<void>;
  /** Stops this process's workers of these queues (running jobs finish); other processes work them. */
  leave(names: readonly QueueName[]): Promise<void>;
  /** Resolves once no job is waiting that is due or running, for tests and the one-shot CLI runs. */
  settle(options?: { timeoutMs?: number }): Promise<void>;
  /** Stops the workers, letting running jobs finish (up to the grace period; unfinished ones are retried later). */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  db: Knex;
  logger: Logger;
  /** How often an idle worker looks for new jobs (jobs sent by this process wake it at once). */
  pollingIntervalSeconds: number;
  /**
   * A running job's time limit: past it, the job counts as lost (its process was killed) and is retried. Longer
   * than any job takes (an SMTP delivery gives up after 3 × 15 s).
   */
  jobTimeoutSeconds: number;
  /** How often expired jobs are looked for (pg-boss's maintenance). */
  maintenanceIntervalSeconds: number;
  /** How long stop waits for running jobs. */
  graceMs?: number;
  /** A queue's own time limit where its jobs take longer than `jobTimeoutSeconds` (the AI's breakdown). */
  expireInSeconds?: Partial<Record<QueueName, number>>;
  /**
   * Queues whose jobs a cron sends (UTC, by the minute), set by the processes that work; null removes the schedule.
   * pg-boss keeps schedules in its tables and sends each tick's job once across all processes.
   */
  schedules?: Partial<Record<QueueName, string | null>>;
}

/** A raw connection of either driver: pg's Client, or PGlite (whose `exec` is the one that runs several statements). */
interface RawConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<Array<{ rows: unknown[] }>>;
}

/**
 * pg-boss's database adapter over knex: the same pool on PostgreSQL, the same session lock on PGlite (so the
 * queue's statements never run inside another party's transaction), or a transaction's own connection. pg-boss
 * writes `$1` placeholders, which knex.raw would not take, so the statement goes to the driver's connection as is.
 * @param knex the database or a transaction
 * @returns the adapter for `new PgBoss({ db })` or `send(…, { db })`
 */
export function knexBossDb(knex: Knex): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] | undefined) {
      const client = knex.client as Knex.Client & { pool?: unknown };
      let connection: RawConnection;
      try {
        connection = (await client.acquireConnection()) as RawConnection;
      } catch (error) {
        // The database was closed under a handler that outlived the queue's grace period at shutdown: pg-boss reports
        // the handler's end (complete or fail, the only statements left once its workers stopped) without awaiting
        // it, so this rejection would go unhandled. Answer as a command that changed nothing: the job stays active and
        // expires into a retry at the next start, as after a crash.
        if (!client.pool) return { rows: [{ count: 0 }] };
        throw error;
      }
      try {
        if (values?.length || !connection.exec) return await connection.query(text, values);
        // Several statements in one string (pg-boss's locked maintenance plans): PGlite runs those with exec only.
        const results = await connection.exec(text);
        return results.length === 1 ? results[0]! : { rows: results.flatMap((result) => result.rows) };
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}

/**
 * Whether a queued job can still run: waiting, retrying or running. A job that failed for good, or is gone (archived
 * after it ended), will not.
 * @param db the database or a transaction (on PGlite, the caller's transaction holds the only connection)
 * @param name its queue
 * @param id the job's id
 */
export async function isQueuedJobPending(db: Knex, name: QueueName, id: string): Promise<boolean> {
  const result = (await db.raw(`select state from ${QUEUE_SCHEMA}.job where name = ? and id = ?`, [name, id])) as { rows: Array<{ state: string }> };
  const state = result.rows[0]?.state;
  return state === "created" || state === "retry" || state === "active";
}

/**
 * The pg-boss queue on the app's own database (PostgreSQL or the embedded PGlite).
 * @param options database, logger, polling interval
 * @returns the queue; sending starts it lazily, `work` starts the workers and the maintenance
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const log = options.logger.child({ component: "queue" });
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  const workerIds = new Map<QueueName, string>();
  let stopped = false;

  const start = (supervise: boolean, clock = false) =>
    (starting ??= (async () => {
      const instance = new PgBoss({
        db: knexBossDb(options.db),
        schema: QUEUE_SCHEMA,
        // The schema comes from our migrations; pg-boss only checks its version.
        migrate: false,
        supervise,
        maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
        // The cron clock runs in the servers only: each ticks, but one per tick wins (pg-boss's cron_on stamp), and
        // the tick's job is sent once (a singleton key per minute).
        schedule: clock,
        // Completed jobs (an e-mail's job carries a reset link while it waits) go within the hour the link lives.
        archiveCompletedAfterSeconds: 60 * 60,
        deleteAfterSeconds: 60,
      });
      // An unhandled 'error' event would end the process; a worker's failed poll (the database away) is only logged.
      instance.on("error", (err) => log.warn({ err }, "queue error"));
      await instance.start();
      for (const queue of Object.values(queueOptions)) {
        // Idempotent (ON CONFLICT DO NOTHING), so every process may ensure every queue. Two processes starting at
        // once on PostgreSQL can deadlock on the queue's partition DDL: the loser tries again.
        for (let attempt = 1; ; attempt++) {
          try {
            await instance.createQueue(queue.name, queue);
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== "40P01" || attempt >= 5) throw err;
            await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
          }
        }
      }
      boss = instance;
      return instance;
    })());

  const pendingCount = async () => {
    const result = (await options.db.raw(
      `select count(*)::int as n from ${QUEUE_SCHEMA}.job where state in ('created', 'retry', 'active') and start_after <= now()`,
    )) as { rows: Array<{ n: number }> };
    return result.rows[0]?.n ?? 0;
  };

  return {
    async prepare() {
      await start(false);
    },

    async send(name, data, sendOptions = {}) {
      const instance = boss ?? (await start(false));
      const id = await instance.send(name, data, {
        ...(sendOptions.db && { db: knexBossDb(sendOptions.db) }),
        ...(sendOptions.startAfter && { startAfter: sendOptions.startAfter }),
        ...(sendOptions.id && { id: sendOptions.id }),
        expireInSeconds: options.expireInSeconds?.[name] ?? queueOptions[name].expireInSeconds ?? options.jobTimeoutSeconds,
      });
      if (!id) throw new Error(`queue ${name} refused the job`);
      const workerId = workerIds.get(name);
      if (workerId && !sendOptions.startAfter) {
        // Wake this process's worker once the job is visible: after the caller's commit, or now.
        const trx = sendOptions.db as (Knex.Transaction & { executionPromise?: Promise<unknown> }) | undefined;
        const visible = trx?.isTransaction && trx.executionPromise !== undefined ? trx.executionPromise : Promise.resolve();
        visible.then(
          () => !stopped && instance.notifyWorker(workerId),
          () => undefined,
        );
      }
      return id;
    },

    async work(handlers, { clock = true, skip = [] } = {}) {
      const instance = await start(true, clock);
      for (const name of queueNames) {
        if (skip.includes(name)) continue;
        const handler = handlers[name] as (job: QueuedJob<QueueName>) => Promise<void>;
        const { batchSize, concurrency } = batching[name] ?? { batchSize: 1, concurrency: 1 };
        const limit = pLimit(concurrency);
        const id = await instance.work<QueueData[QueueName]>(
          name,
          { includeMetadata: true, batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds },
          async (jobs) => {
            // pg-boss completes the whole batch when this resolves: a job that threw is failed on its own first (its
            // retry is pg-boss's), so one bad job neither holds back nor repeats the others.
            await Promise.all(
              jobs.map((job) =>
                limit(async () => {
                  try {
                    await handler({ id: job.id, name, data: job.data, retryCount: job.retryCount });
                  } catch (err) {
                    log.warn({ err, queue: name, jobId: job.id, retryCount: job.retryCount }, "queued job failed");
                    // Failing it may fail too (the database away): then the batch throws, so pg-boss completes none of
                    // it; what it cannot fail either stays active and is retried once it expires. Never completed unsent.
                    await instance.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) }).catch(() => {
                      throw err;
                    });
                  }
                }),
              ),
            );
            // A full batch means more are waiting: fetch again at once rather than after the polling interval.
            const self = workerIds.get(name);
            if (jobs.length === batchSize && !stopped && self) instance.notifyWorker(self);
          },
        );
        workerIds.set(name, id);
      }
      for (const [name, cron] of Object.entries(clock ? (options.schedules ?? {}) : {})) {
        if (cron) {
          await instance.schedule(name, cron, {}, { tz: "UTC" });
          log.info({ queue: name, cron }, "queue schedule set");
        } else await instance.unschedule(name);
      }
    },

    async leave(names) {
      for (const name of names) {
        if (!workerIds.has(name)) continue;
        workerIds.delete(name);
        await boss?.offWork(name);
      }
    },

    async settle({ timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while ((await pendingCount()) > 0) {
        if (Date.now() > deadline) throw new Error(`queue did not settle within ${timeoutMs} ms`);
        for (const id of workerIds.values()) boss?.notifyWorker(id);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },

    async stop() {
      stopped = true;
      const instance = boss ?? (starting && (await starting));
      if (!instance) return;
      await instance.stop({ graceful: true, wait: true, close: false, timeout: options.graceMs ?? 10_000 });
    },
  };
}
