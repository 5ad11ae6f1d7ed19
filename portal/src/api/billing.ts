import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BillingDetails, BillingDetailsBody, BillingDocumentItem, PaymentRecord } from "@forgehire/core";
import { apiFetch, apiFetchPage } from "./client";

/** Rows per page of the Billing page. */
export const BILLING_PER_PAGE = 20;

/** Query keys of the billing module. */
export const billingKeys = {
  all: ["billing"] as const,
  details: ["billing", "details"] as const,
  documents: (page: number) => ["billing", "documents", page] as const,
  jobPayments: (jobId: number) => ["billing", "job-payments", jobId] as const,
};

/** GET /api/billing/documents: the signed-in client's receipts and credit notes, newest first. */
export function useBillingDocuments(page: number) {
  return useQuery({
    queryKey: billingKeys.documents(page),
    queryFn: ({ signal }) => apiFetchPage<BillingDocumentItem>(`/api/billing/documents?page=${page}&perPage=${BILLING_PER_PAGE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/profile/billing: the optional billing name, address and VAT id printed on receipts. */
export function useBillingDetails() {
  return useQuery({ queryKey: billingKeys.details, queryFn: ({ signal }) => apiFetch<BillingDetails>("/api/profile/billing", { signal }) });
}

/** PUT /api/profile/billing: saves them for the receipts issued from now on. */
export function useUpdateBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingDetailsBody) => apiFetch<BillingDetails>("/api/profile/billing", { method: "PUT", body }),
    onSuccess: (saved) => queryClient.setQueryData(billingKeys.details, saved),
  });
}

/** GET /api/jobs/:id/payments, for the receipts of a job's captured payments (its owner and admins). */
export function useJobReceipts(jobId: number, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.jobPayments(jobId),
    queryFn: ({ signal }) => apiFetch<PaymentRecord[]>(`/api/jobs/${jobId}/payments`, { signal }),
    select: (payments) => payments.filter((payment) => payment.receiptUrl),
    enabled,
  });
}

/**
 * Where a freelancer's monthly statement downloads from.
 * @param month YYYY-MM
 * @param format pdf or csv
 */
export const statementUrl = (month: string, format: "pdf" | "csv") => `/api/earnings/statement?month=${month}&format=${format}`;
