import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type {
  AdditionalServices,
  CatalogBody,
  Quote,
  Scope,
  WizardAnalysis,
  WizardAnalysisInput,
  WizardEnhanceInput,
  WizardEnhancement,
} from "@forgehire/core";
import { apiFetch } from "./client";

/** Query keys of the catalogue, quote and wizard module. */
export const catalogKeys = {
  catalog: ["catalog"] as const,
  quote: (scope: Scope, additionalServices: AdditionalServices) => ["quote", scope, additionalServices] as const,
};

/** The catalogue changes only with a deploy, so one fetch per visit is enough. */
const CATALOG_STALE_MS = 60 * 60 * 1000;

/** GET /api/catalog: scopes, industries, extras, compliance and integration options, the server's features (public). */
export function useCatalog() {
  return useQuery({
    queryKey: catalogKeys.catalog,
    queryFn: ({ signal }) => apiFetch<CatalogBody>("/api/catalog", { signal }),
    staleTime: CATALOG_STALE_MS,
    gcTime: Infinity,
  });
}

export interface QuoteInput {
  scope: Scope;
  additionalServices: AdditionalServices;
}

/**
 * POST /api/quote: the live price of a scope with extras, computed by the server. The caller debounces the
 * input; the previous quote stays on screen while the next one loads, so the total does not flicker.
 * @param input the scope and extras, or null while no scope is chosen
 */
export function useQuote(input: QuoteInput | null) {
  return useQuery({
    queryKey: input ? catalogKeys.quote(input.scope, input.additionalServices) : ["quote", "none"],
    queryFn: ({ signal }) => apiFetch<Quote>("/api/quote", { method: "POST", body: input, signal }),
    enabled: input !== null,
    staleTime: 5 * 60 * 1000,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/wizard/analysis: the next set of follow-up questions, or whether the requirements are complete. */
export function useWizardAnalysis() {
  return useMutation({
    mutationFn: (body: WizardAnalysisInput) => apiFetch<WizardAnalysis>("/api/wizard/analysis", { method: "POST", body }),
  });
}

/** POST /api/wizard/enhance: the AI's proposal of a clearer description and key-feature list; nothing is saved. */
export function useEnhanceRequirements() {
  return useMutation({
    mutationFn: (body: WizardEnhanceInput) => apiFetch<WizardEnhancement>("/api/wizard/enhance", { method: "POST", body }),
  });
}
