import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { EarningsBody } from "@forgehire/core";
import { apiFetch } from "./client";

/** Rows per page of the earnings table. */
export const EARNINGS_PER_PAGE = 20;

/** Where the CSV export downloads from: every item, not the page shown (the session cookie signs it in). */
export const EARNINGS_CSV_URL = "/api/earnings.csv";

/** Query keys of the earnings module. */
export const earningsKeys = {
  all: ["earnings"] as const,
  page: (page: number) => ["earnings", page] as const,
};

/** GET /api/earnings: the signed-in freelancer's figures and a page of their stories in review or released. */
export function useEarnings(page: number) {
  return useQuery({
    queryKey: earningsKeys.page(page),
    queryFn: ({ signal }) => apiFetch<EarningsBody>(`/api/earnings?page=${page}&perPage=${EARNINGS_PER_PAGE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
