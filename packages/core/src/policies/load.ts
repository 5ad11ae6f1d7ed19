/**
 * How much of the server one user may hold at once: limits that keep one socket or one session from making
 * everyone else wait (issue 17). Each join costs a few queries, so a flood of them would queue every other
 * request behind it; the caps sit well above what the portal and the back office ever send.
 */

/**
 * Joins one socket may have waiting for the database at once; more are refused at once (RATE_LIMITED). A tab
 * joins one channel per open view, and all of them again after a reconnect: a handful.
 */
export const JOIN_IN_FLIGHT_PER_SOCKET = 8;

/** Joins one user may have waiting for the database at once on one server process, over all their sockets. */
export const JOIN_IN_FLIGHT_PER_USER = 16;

/**
 * Joins one socket may have refused in a row (for load or as malformed) before it is closed. A tab asks for a
 * handful and waits for the answers; a socket that goes on asking while refused is a flood, whose every packet
 * costs the server's time to read even when refused without the database.
 */
export const JOIN_REFUSALS_BEFORE_CLOSE = 32;

/** Joins one user may ask for per JOIN_RATE_WINDOW_MS, over all their sockets and every server process. */
export const JOIN_RATE_LIMIT = 120;

/** The window of JOIN_RATE_LIMIT. */
export const JOIN_RATE_WINDOW_MS = 60 * 1000;

/** The window of the per-user API limit (API_USER_RATE_LIMIT requests per window, counted by user). */
export const API_USER_RATE_WINDOW_MS = 60 * 1000;

/**
 * Messages one socket may send in one turn of the server's event loop. A tab sends a few at a time (its joins); a
 * flood sends thousands, each decoded and dispatched before any handler could refuse it, all in one turn that every
 * other request waits behind. Past this, the connection is closed and the rest is dropped undecoded: as many as
 * the joins a socket may have in flight and refused in a row, so a burst that would be closed for its refusals is
 * closed before it is read.
 */
export const SOCKET_MESSAGES_PER_TURN = JOIN_IN_FLIGHT_PER_SOCKET + JOIN_REFUSALS_BEFORE_CLOSE;
