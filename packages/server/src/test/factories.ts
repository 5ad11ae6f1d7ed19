import { randomUUID } from "node:crypto";
import type { UserType } from "@forgehire/core";
import { createUser, type UserRecord } from "@forgehire/services";
import type { TestServer } from "./test-server.js";

export const DEFAULT_PASSWORD = "secret-pass";

export interface BuiltUser {
  user: UserRecord;
  password: string;
  /** An agent already signed in as this user. */
  agent: ReturnType<TestServer["agent"]>;
}

/**
 * Creates a user straight through the use case and signs an agent in as them.
 * @param server the test server
 * @param userType client, freelancer or admin
 * @param overrides fields to set instead of the generated ones
 */
export async function buildUser(
  server: TestServer,
  userType: UserType,
  overrides: Partial<{ email: string; firstName: string; lastName: string; password: string }> = {},
): Promise<BuiltUser> {
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const user = await createUser(server.services, {
    email: overrides.email ?? `${userType}-${randomUUID().slice(0, 8)}@example.test`,
    firstName: overrides.firstName ?? "Test",
    lastName: overrides.lastName ?? userType[0]!.toUpperCase() + userType.slice(1),
    password,
    userType,
  });
  const agent = server.agent();
  await agent.post("/api/auth/login").send({ email: user.email, password }).expect(200);
  return { user, password, agent };
}

export const buildClient = (server: TestServer, overrides?: Parameters<typeof buildUser>[2]) => buildUser(server, "client", overrides);
export const buildFreelancer = (server: TestServer, overrides?: Parameters<typeof buildUser>[2]) => buildUser(server, "freelancer", overrides);
export const buildAdmin = (server: TestServer, overrides?: Parameters<typeof buildUser>[2]) => buildUser(server, "admin", overrides);

/** A valid job body as the wizard sends it; override any field. */
export function jobBody(overrides: Record<string, unknown> = {}) {
  return {
    title: `Shop ${randomUUID().slice(0, 8)}`,
    description: "An online shop for handmade soap with a cart and card payments.",
    industry: "E-commerce & Retail",
    scope: 500,
    additionalServices: { contentDevelopment: true },
    targetAudience: "Gift buyers",
    keyFeatures: "Catalogue, cart, checkout",
    userCategories: ["Customers", "Shop staff"],
    complianceTypes: ["GDPR"],
    integrationSystems: ["Email Systems"],
    projectSpecificFields: { needsShoppingCart: true, needsPaymentProcessing: true },
    answers: [{ questionId: "q1", question: "How many products?", answer: "About 40" }],
    ...overrides,
  };
}

/**
 * Posts a job over HTTP as the given user.
 * @returns the job as the API answered it
 */
export async function buildJob(owner: BuiltUser, overrides: Record<string, unknown> = {}) {
  const res = await owner.agent.post("/api/jobs").send(jobBody(overrides)).expect(201);
  return res.body.job as { id: number; title: string; budget: number; ownerId: string };
}

/** Puts a job straight into a state the API reaches through later features (lock, payment, start). */
export async function setJobState(
  server: TestServer,
  jobId: number,
  state: Partial<{ locked: boolean; payment_status: string; status: string; started_at: Date | null; freelancer_id: string | null }>,
) {
  await server.services.db("jobs").where({ id: jobId }).update(state);
}

/** A card the built-in test provider accepts. */
export const testCard = (paymentId: string) => ({ paymentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" });

/**
 * Pays a locked job by test card over HTTP, as its owner does: the payment's capture puts the price in the job's
 * escrow, which releases draw on.
 * @returns the price in cents and the payment's id
 */
export async function payByTestCard(owner: BuiltUser, jobId: number) {
  const intent = await owner.agent.post(`/api/jobs/${jobId}/payment-intent`).expect(200);
  await owner.agent.post("/api/payments/test/confirm").send(testCard(intent.body.paymentId)).expect(200);
  return { priceCents: intent.body.amount as number, paymentId: intent.body.paymentId as string };
}
