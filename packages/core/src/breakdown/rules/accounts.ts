/**
 * Accounts and payments: each asked for in several ways, each one story; with the shop's product catalogue and
 * one story per `needs…` flag of the catalogue.
 */
import type { ProjectSpecificFields } from "../../catalog/project-specific-fields.js";
import type { ProjectType } from "../../catalog/scopes.js";
import type { BreakdownInput } from "../input.js";
import { task, type FlagStory, type TaskSpec } from "../rules-catalogue.js";
import { APP_TYPES, type StorySpec } from "./story-spec.js";
import { folded, listOf } from "./text.js";

/** Categories served by the product's public screens rather than a dashboard of their own. */
export const PUBLIC_CATEGORY = /\b(visitors?|guests?|users?|customers?|clients?|shoppers?|buyers?|members?|public)\b/i;

export function authStory(input: BreakdownInput, projectType: ProjectType, categories: readonly string[]): StorySpec | null {
  const fields = input.requirements.projectSpecificFields;
  const membership = fields.needsMembershipLogin === true;
  // Several user categories mean roles in an application; on a static site they are audiences, not accounts.
  const roles = categories.length > 1 && APP_TYPES.includes(projectType);
  if (!fields.needsAuthentication && !membership && !roles) return null;
  const tasks: TaskSpec[] = [
    task("Build sign-up and sign-in", "high", 2, "Let users create an account with email and password and sign in, with validation and rate limiting.", [
      "a new visitor",
      "they sign up and then sign in",
      "they reach their account and a wrong password is refused",
    ]),
    task(
      "Add sessions, sign-out and password reset",
      "high",
      1.5,
      "Secure sessions, sign-out, and a forgotten password reset through an expiring email link.",
      ["a user who forgot their password", "they follow the reset link within its validity", "they can set a new password and the link cannot be used again"],
    ),
  ];
  if (roles) {
    tasks.push({
      ...task(
        "Add roles for the user categories",
        "high",
        1.5,
        `Give each user category (${listOf(categories)}) its own permissions, checked on every protected page and API call.`,
        ["a signed-in user of one category", "they open a page meant for another category", "access is refused"],
      ),
      source: "userCategories",
    });
  }
  if (membership) {
    tasks.push({
      ...task("Build the members-only area", "medium", 1.5, "Pages only signed-in members can see, with a prompt to sign in for everyone else.", [
        "a visitor who is not signed in",
        "they open a members-only page",
        "they are asked to sign in and see the page afterwards",
      ]),
      source: "flag:needsMembershipLogin",
    });
  }
  return {
    title: "User Accounts and Sign-in",
    story: "As a user, I want to sign up and sign in securely so that my account and data stay private.",
    context: roles ? [`User categories: ${listOf(categories)}; each gets its own permissions.`] : [],
    phase: "foundation",
    source: fields.needsAuthentication ? "flag:needsAuthentication" : membership ? "flag:needsMembershipLogin" : "userCategories",
    tasks,
    pages: 2,
    covers: /^(user )?(log ?in|sign[- ]?(in|up)|registration|authentication|user accounts?|accounts?|membership)$/i,
  };
}

export function paymentsStory(input: BreakdownInput, projectType: ProjectType): StorySpec | null {
  const fields = input.requirements.projectSpecificFields;
  const multiple = fields.needsMultiplePaymentOptions === true;
  if (projectType !== "ecommerce" && !fields.needsPaymentProcessing && !multiple) return null;
  const tasks: TaskSpec[] = [
    task(
      "Integrate the payment gateway",
      "high",
      2.5,
      "Connect a payment provider in test and live mode through its hosted fields, so card data never touches our servers.",
      ["a test card", "a customer pays", "the payment is captured exactly once and the order is marked paid"],
    ),
    task("Build the checkout flow", "high", 2, "The checkout steps: order summary, contact and delivery details, payment and confirmation.", [
      "an order ready to pay",
      "the customer goes through checkout",
      "they see the total before paying and a confirmation after",
    ]),
    task(
      "Handle failed and refunded payments",
      "high",
      1.5,
      "Clear messages for declined payments, reconciliation through the provider's webhooks, and refunds.",
      ["a declined card", "the customer pays", "they see a clear message and no order is confirmed"],
    ),
  ];
  if (multiple) {
    tasks.push({
      ...task("Offer multiple payment methods", "medium", 1.5, "Offer the payment methods the client wants (cards, wallets, bank transfer) at checkout.", [
        "the checkout's payment step",
        "the customer opens it",
        "every configured payment method is offered and completes a test payment",
      ]),
      source: "flag:needsMultiplePaymentOptions",
    });
  }
  return {
    title: "Payment Processing",
    story: "As a customer, I want to pay securely online so that I can complete my order in one go.",
    context: multiple ? ["Customers can choose between several payment methods."] : [],
    phase: "feature",
    source: fields.needsPaymentProcessing ? "flag:needsPaymentProcessing" : multiple ? "flag:needsMultiplePaymentOptions" : `projectType:${projectType}`,
    tasks,
    pages: 2,
    covers: /^(online )?(payments?|checkout|card payments?|billing|pay online)$/i,
  };
}

export function productCatalogueStory(projectType: ProjectType): StorySpec | null {
  if (projectType !== "ecommerce") return null;
  return {
    title: "Product Catalogue",
    story: "As a shopper, I want to browse and search the products so that I find what I want to buy.",
    context: [],
    phase: "feature",
    source: "projectType:ecommerce",
    tasks: [
      task("Model products, variants and categories", "high", 1.5, "Products with price, images, variants and categories, editable by the shop owner.", [
        "a product with two sizes",
        "the owner saves it",
        "both sizes are listed with their own price and stock",
      ]),
      task("Build the product list and product pages", "high", 2, "Category listings with paging and a product page with images, price and variants.", [
        "a category with 30 products",
        "a shopper opens it",
        "they can page through all 30 and open each product's page",
      ]),
      task("Add product search and filters", "medium", 1.5, "Search by name and filter by category and price.", [
        "a shopper searching for a product by part of its name",
        "they submit the search",
        "the matching products are listed and the others are not",
      ]),
    ],
    pages: 2,
    covers: /^(product )?(catalogue|catalog|products?|product pages?)$/i,
  };
}

export function flagStory(definition: FlagStory, fields: Partial<ProjectSpecificFields>): StorySpec | null {
  if (fields[definition.flag] !== true) return null;
  const details = definition.details ? folded(fields[definition.details]) : "";
  return {
    title: definition.title,
    story: definition.story,
    context: details === "" ? [] : [`Details from the client: ${details}`],
    phase: "feature",
    source: `flag:${definition.flag}`,
    tasks: definition.tasks,
    pages: 1,
    covers: new RegExp(`^(?:${definition.covers.source.replace(/\\b/g, "")})$`, "i"),
  };
}
