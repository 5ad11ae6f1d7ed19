/**
 * Who may read billing documents (issue 19): a receipt or a credit note is the paying client's and the admins', and
 * a monthly statement is its freelancer's alone.
 */
import { domainError } from "../errors.js";
import { isAdmin, type Actor } from "../users.js";

/**
 * Whether the actor may read a document billed to `clientId`: that client and admins.
 * @param actor the signed-in person, or null when signed out
 * @param document the client the document is billed to
 * @returns true for that client and admins
 */
export function canReadBillingDocument(actor: Actor | null | undefined, document: { clientId: string }): boolean {
  return Boolean(actor && (isAdmin(actor) || actor.id === document.clientId));
}

/**
 * Guards reading a receipt or credit note.
 * @param actor the signed-in person, or null when signed out
 * @param document the client the document is billed to
 * @throws UNAUTHENTICATED when signed out; DOCUMENT_ACCESS_DENIED for anyone but that client and admins
 */
export function authorizeReadBillingDocument(actor: Actor | null | undefined, document: { clientId: string }): asserts actor is Actor {
  if (!actor) throw domainError("UNAUTHENTICATED");
  if (!canReadBillingDocument(actor, document)) throw domainError("DOCUMENT_ACCESS_DENIED");
}

/**
 * Guards a monthly statement: freelancers only, each their own (the statement has no way to name another).
 * @param actor the signed-in person, or null when signed out
 * @throws UNAUTHENTICATED when signed out; STATEMENT_DENIED for clients and admins
 */
export function authorizeReadStatement(actor: Actor | null | undefined): asserts actor is Actor {
  if (!actor) throw domainError("UNAUTHENTICATED");
  if (actor.userType !== "freelancer") throw domainError("STATEMENT_DENIED");
}
