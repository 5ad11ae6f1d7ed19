import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { PayoutsPage } from "@forgehire/core";
import { apiFetch } from "./client";

/** Rows per page of the payouts table. */
export const PAYOUTS_PER_PAGE = 10;

/** Query keys of the payouts module. */
export const payoutKeys = {
  all: ["payouts"] as const,
  page: (page: number) => ["payouts", page] as const,
};

/** GET /api/payouts: the signed-in freelancer's transfers, newest first. */
export function usePayouts(page: number) {
  return useQuery({
    queryKey: payoutKeys.page(page),
    queryFn: ({ signal }) => apiFetch<PayoutsPage>(`/api/payouts?page=${page}&perPage=${PAYOUTS_PER_PAGE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/payouts/onboarding: the provider's onboarding link (Stripe's, or the test provider's own page). */
export function useStartPayoutsOnboarding() {
  return useMutation({
    mutationFn: () => apiFetch<{ url: string }>("/api/payouts/onboarding", { method: "POST" }),
    // The provider's page is a full page of its own (Stripe's is another site): the browser goes there.
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
