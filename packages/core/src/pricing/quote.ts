/**
 * The upfront quote: the scope's price plus the chosen extras, by the spec's rules (part 1 §9).
 */
import { domainError, errorCatalogue } from "../errors.js";
import { additionalServices, type AdditionalServiceKey, type AdditionalServices } from "../catalog/options.js";
import { isScope, type Scope } from "../catalog/scopes.js";
import { expectedDeliveryDate } from "./delivery-date.js";
import { fromCents, toCents } from "./money.js";

/** One priced extra of a quote. */
export interface QuoteLine {
  key: AdditionalServiceKey;
  label: string;
  /** what the extra adds, in US dollars */
  amount: number;
}

/** The body of `POST /api/quote`; `total` is what the job's budget becomes. */
export interface Quote {
  /** the scope's price in US dollars */
  base: number;
  /** one line per chosen extra, in the order they were applied */
  lines: QuoteLine[];
  /** base plus every line, in US dollars */
  total: number;
  /** YYYY-MM-DD (UTC) from today plus the scope's delivery days; null without a delivery time or without today */
  expectedDeliveryDate: string | null;
}

/** What a quote is computed from. */
export interface QuoteInput {
  scope: Scope;
  additionalServices: Partial<AdditionalServices>;
}

/** Minimum amounts of the percentage extras, in cents. */
const CONTENT_DEVELOPMENT_MIN_CENTS = 40_00;
const DEPLOYMENT_MIN_CENTS = 20_00;

/**
 * What one extra adds, in cents, given the base price and the total so far.
 * Hosting doubles the running total, so its line is that running total.
 */
const extraCents: Record<AdditionalServiceKey, (baseCents: number, runningCents: number) => number> = {
  contentDevelopment: (base) => Math.max(Math.round(base * 0.2), CONTENT_DEVELOPMENT_MIN_CENTS),
  deployment: (base) => Math.max(Math.round(base * 0.1), DEPLOYMENT_MIN_CENTS),
  productionReady: (base) => base,
  customTechStack: (base) => base,
  hosting: (_base, running) => running,
};

/**
 * Prices a scope with extras: content development adds the larger of 20% and $40, deployment the larger of 10%
 * and $20, production ready and custom tech stack each add the scope price, and hosting, applied last, doubles
 * the running total. Amounts are rounded to the cent.
 * @param input the scope and the chosen extras (missing extras count as not chosen)
 * @param today the current moment, for the expected delivery date; without it the date is null
 * @returns the base price, one line per chosen extra, the total and the expected delivery date
 * @throws DomainError INVALID_SCOPE when the scope is not one of the six prices
 */
export function quote(input: QuoteInput, today?: Date): Quote {
  if (!isScope(input.scope)) {
    throw domainError("INVALID_SCOPE", { fields: { scope: errorCatalogue.INVALID_SCOPE.message } });
  }
  const baseCents = toCents(input.scope);
  let runningCents = baseCents;
  const lines: QuoteLine[] = [];
  // The catalogue order puts hosting last; the doubling must see every other extra already added.
  for (const { key, label } of additionalServices) {
    if (input.additionalServices[key] !== true) continue;
    const amountCents = extraCents[key](baseCents, runningCents);
    runningCents += amountCents;
    lines.push({ key, label, amount: fromCents(amountCents) });
  }
  return {
    base: fromCents(baseCents),
    lines,
    total: fromCents(runningCents),
    expectedDeliveryDate: today ? expectedDeliveryDate(input.scope, today) : null,
  };
}
