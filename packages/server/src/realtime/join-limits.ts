import { JOIN_IN_FLIGHT_PER_SOCKET, JOIN_IN_FLIGHT_PER_USER, JOIN_RATE_LIMIT, JOIN_RATE_WINDOW_MS } from "@forgehire/core";
import type { Services } from "@forgehire/services";
import { SharedHitCounter } from "../middlewares/rate-limit.js";

/**
 * How many joins a socket and a user may have running, and how often a user may ask: each join reads the database
 * a few times, so a socket sending a thousand at once would otherwise queue everyone's requests behind them. A join
 * past a limit is refused before it costs a statement. In-flight joins are counted per process (that is where they
 * wait); the rate is shared by every process through the database (SharedHitCounter).
 */
export class JoinLimits {
  readonly #bySocket = new Map<string, number>();
  readonly #byUser = new Map<string, number>();
  readonly #rate: SharedHitCounter;

  /** @param services database, clock and logger, for the shared rate */
  constructor(services: Pick<Services, "db" | "now" | "logger">) {
    this.#rate = new SharedHitCounter(services, { prefix: "join:", windowMs: JOIN_RATE_WINDOW_MS, limit: JOIN_RATE_LIMIT });
  }

  /**
   * Admits one join of the socket, or refuses it. Every ask counts against the user's rate, refused ones too, so a
   * flood uses its own budget up and stays refused for the rest of the window.
   * @param socketId the asking socket
   * @param userId its user
   * @returns the function that ends the join's hold (call it once the join is answered), or undefined: refused
   */
  admit(socketId: string, userId: string): (() => void) | undefined {
    if (this.#rate.hit(userId).hits > JOIN_RATE_LIMIT) return undefined;
    const bySocket = this.#bySocket.get(socketId) ?? 0;
    const byUser = this.#byUser.get(userId) ?? 0;
    if (bySocket >= JOIN_IN_FLIGHT_PER_SOCKET || byUser >= JOIN_IN_FLIGHT_PER_USER) return undefined;
    this.#bySocket.set(socketId, bySocket + 1);
    this.#byUser.set(userId, byUser + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release(this.#bySocket, socketId);
      release(this.#byUser, userId);
    };
  }

  /** Stops the shared rate's sweeper. */
  close(): void {
    this.#rate.close();
  }
}

function release(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
