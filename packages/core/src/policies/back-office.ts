/**
 * Who may use the back office (spec part 2 "Admin dashboard"): one table of resource × action → role, read by every
 * back-office use case before it reads or writes, so the rule holds for the server, the CLI and anything that calls
 * the use cases — the server's router guard is a second wall, not the only one (STYLE §4).
 */
import { domainError, type ErrorCode } from "../errors.js";
import { isAdmin, type Actor } from "../users.js";

/** The role a back-office rule applies. */
export type BackOfficeRole = "client" | "freelancer" | "admin";

const admins: readonly BackOfficeRole[] = ["admin"];

/**
 * The back-office permission table: each resource the back office shows, each action a use case takes on it, and
 * the roles allowed. Today every row is admins only; a row of its own per action keeps a future exception (say, a
 * support role reading emails) one line, and lets the tests walk every row.
 */
export const backOfficePolicy = {
  dashboard: { read: admins },
  users: { read: admins, update: admins, sendReset: admins },
  jobs: { read: admins, update: admins, delete: admins, restore: admins },
  stories: { read: admins, update: admins, delete: admins },
  tasks: { read: admins, update: admins, delete: admins },
  "change-requests": { read: admins },
  "chat-rooms": { read: admins },
  messages: { read: admins },
  emails: { read: admins, send: admins, resend: admins },
  freelancers: { read: admins },
  payments: { read: admins, refund: admins },
  disputes: { read: admins, resolve: admins },
  payouts: { read: admins },
  deliveries: { read: admins },
  "ledger-transactions": { read: admins },
  reviews: { read: admins, hide: admins },
  documents: { read: admins },
  "audit-log": { read: admins },
} as const satisfies Record<string, Record<string, readonly BackOfficeRole[]>>;

/** A resource of the back office. */
export type BackOfficeResource = keyof typeof backOfficePolicy;

/** An action the table declares on a resource. */
export type BackOfficeAction<R extends BackOfficeResource = BackOfficeResource> = keyof (typeof backOfficePolicy)[R] & string;

/**
 * The role a back-office rule applies to an actor.
 * @param actor the signed-in person
 * @returns admin for admins (user_type or role_type), freelancer for freelancers, client otherwise
 */
export function backOfficeRoleOf(actor: Actor): BackOfficeRole {
  if (isAdmin(actor)) return "admin";
  return actor.userType === "freelancer" ? "freelancer" : "client";
}

/**
 * Why a back-office action is refused, or null when allowed.
 * @param actor the person asking, or null when signed out
 * @param action the action, as the table names it for the resource
 * @param resource the back-office resource
 * @returns null when allowed, UNAUTHENTICATED when signed out, else ADMIN_ONLY
 */
export function backOfficeRefusal<R extends BackOfficeResource>(actor: Actor | null | undefined, action: BackOfficeAction<R>, resource: R): ErrorCode | null {
  if (!actor) return "UNAUTHENTICATED";
  const roles: readonly BackOfficeRole[] | undefined = (backOfficePolicy[resource] as Record<string, readonly BackOfficeRole[]>)[action];
  return roles?.includes(backOfficeRoleOf(actor)) ? null : "ADMIN_ONLY";
}

/**
 * Whether the actor may take the action on the back-office resource.
 * @param actor the person asking, or null when signed out
 * @param action the action
 * @param resource the resource
 * @returns true when allowed
 */
export function canBackOffice<R extends BackOfficeResource>(actor: Actor | null | undefined, action: BackOfficeAction<R>, resource: R): boolean {
  return backOfficeRefusal(actor, action, resource) === null;
}

/**
 * Guards a back-office use case: the first thing each one does, before any read or write.
 * @param actor the person asking, or null when signed out
 * @param action the action
 * @param resource the resource
 * @returns nothing; returning at all means the action is allowed
 * @throws DomainError ADMIN_ONLY for anyone the table does not allow, UNAUTHENTICATED when signed out
 */
export function authorizeBackOffice<R extends BackOfficeResource>(actor: Actor | null | undefined, action: BackOfficeAction<R>, resource: R): void {
  const code = backOfficeRefusal(actor, action, resource);
  if (code) throw domainError(code);
}
