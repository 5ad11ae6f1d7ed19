import type { Logger } from "./logger.js";

/** Work that runs after a response (emails after a commit), awaited at shutdown so none is cut off. */
export interface BackgroundTasks {
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far has settled. */
  drain(): Promise<void>;
}

/**
 * Tracks background tasks; a failure is logged and never reaches the request that started it.
 * @param logger where failures go
 */
export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const pending = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const promise = task()
        .catch((err: unknown) => logger.warn({ err, task: name }, "background task failed"))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async drain() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

/**
 * Rejects when a promise takes longer than the limit.
 * @param promise the work
 * @param ms the limit
 * @param what named in the error
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms}ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
