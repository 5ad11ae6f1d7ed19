import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Job, PaymentIntent, TestConfirmBody } from "@forgehire/core";
import { apiFetch } from "./client";
import { jobKeys } from "./jobs";

/** POST /api/jobs/:id/payment-intent: the card form's client secret, the provider and its publishable key. */
export function useCreatePaymentIntent() {
  return useMutation({
    mutationFn: (jobId: number) => apiFetch<PaymentIntent>(`/api/jobs/${jobId}/payment-intent`, { method: "POST" }),
  });
}

/** POST /api/payments/test/confirm: the built-in test provider's card payment; card errors are 402. */
export function useConfirmTestPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestConfirmBody) => apiFetch<{ status: "succeeded"; job: Job }>("/api/payments/test/confirm", { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

/** POST /api/jobs/:id/payments/reconcile: asks the provider about the job's unsettled payments (a lost webhook). */
export function useReconcilePayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: number) => apiFetch<{ checked: number; updated: number; job: Job }>(`/api/jobs/${jobId}/payments/reconcile`, { method: "POST" }),
    onSuccess: async (data) => {
      if (data.updated > 0) await queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}

/** Refreshes every job view after a payment (cards, My Jobs, the detail page). */
export function useRefreshJobs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: jobKeys.all });
}
