import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DirectorySort, Freelancer, FreelancerCreateBody, FreelancerDetail, FreelancerUpdateBody, Portfolio, PortfolioBody } from "@forgehire/core";
import { apiFetch } from "./client";

/** Profiles per directory page; the server answers X-Total-Count too, a short page means the last. */
export const FREELANCERS_PER_PAGE = 24;

/** The spec caches the directory for 5 minutes; every profile write below invalidates it at once. */
const DIRECTORY_STALE_MS = 5 * 60 * 1000;

/** Query keys of the freelancers module; every write invalidates `all`. */
export const freelancerKeys = {
  all: ["freelancers"] as const,
  list: (q: string, page: number, sort: DirectorySort = "created", minRating: number | null = null) =>
    ["freelancers", "list", q, page, sort, minRating] as const,
  detail: (id: string) => ["freelancers", "detail", id] as const,
  me: ["freelancers", "me"] as const,
};

/** GET /api/freelancers?q=&sort=&minRating=: the directory, searched, sorted and filtered on the server (signed in only). */
export function useFreelancers(q: string, page: number, sort: DirectorySort = "created", minRating: number | null = null) {
  return useQuery({
    queryKey: freelancerKeys.list(q, page, sort, minRating),
    queryFn: ({ signal }) =>
      apiFetch<Freelancer[]>(
        `/api/freelancers?q=${encodeURIComponent(q)}&page=${page}&perPage=${FREELANCERS_PER_PAGE}&sort=${sort}${minRating === null ? "" : `&minRating=${minRating}`}`,
        { signal },
      ),
    staleTime: DIRECTORY_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/freelancers/:id: the profile page. */
export function useFreelancer(id: string | undefined) {
  return useQuery({
    queryKey: freelancerKeys.detail(id ?? ""),
    queryFn: ({ signal }) => apiFetch<FreelancerDetail>(`/api/freelancers/${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** GET /api/freelancers/me: the signed-in freelancer's own profile (404 PROFILE_NOT_FOUND when none). */
export function useMyFreelancerProfile(enabled = true) {
  return useQuery({
    queryKey: freelancerKeys.me,
    queryFn: ({ signal }) => apiFetch<FreelancerDetail>("/api/freelancers/me", { signal }),
    enabled,
    retry: false,
  });
}

function useProfileWrite<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data) => {
      if (data && typeof data === "object" && "portfolioDocs" in data) queryClient.setQueryData(freelancerKeys.me, data);
      await queryClient.invalidateQueries({ queryKey: freelancerKeys.all });
    },
  });
}

/** POST /api/freelancers: creates the profile. */
export const useCreateFreelancerProfile = () =>
  useProfileWrite((body: FreelancerCreateBody) => apiFetch<FreelancerDetail>("/api/freelancers", { method: "POST", body }));

/** PATCH /api/freelancers/me. */
export const useUpdateFreelancerProfile = () =>
  useProfileWrite((body: FreelancerUpdateBody | Record<string, unknown>) => apiFetch<FreelancerDetail>("/api/freelancers/me", { method: "PATCH", body }));

function formWith(field: string, file: File): FormData {
  const form = new FormData();
  form.append(field, file);
  return form;
}

/** POST /api/freelancers/me/avatar (png, jpeg, webp, 2 MB). */
export const useUploadAvatar = () =>
  useProfileWrite((file: File) => apiFetch<FreelancerDetail>("/api/freelancers/me/avatar", { method: "POST", body: formWith("avatar", file) }));

/** POST /api/freelancers/me/documents (.pdf, .doc, .docx, at most 3). */
export const useUploadDocument = () =>
  useProfileWrite((file: File) => apiFetch<FreelancerDetail>("/api/freelancers/me/documents", { method: "POST", body: formWith("document", file) }));

/** DELETE /api/freelancers/me/documents/:id. */
export const useRemoveDocument = () => useProfileWrite((id: string) => apiFetch<FreelancerDetail>(`/api/freelancers/me/documents/${id}`, { method: "DELETE" }));

/** POST /api/freelancers/me/portfolios. */
export const useAddPortfolio = () =>
  useProfileWrite((body: PortfolioBody | Record<string, unknown>) => apiFetch<Portfolio>("/api/freelancers/me/portfolios", { method: "POST", body }));

/** PATCH /api/freelancers/me/portfolios/:id. */
export const useUpdatePortfolio = () =>
  useProfileWrite(({ id, body }: { id: string; body: PortfolioBody | Record<string, unknown> }) =>
    apiFetch<Portfolio>(`/api/freelancers/me/portfolios/${id}`, { method: "PATCH", body }),
  );

/** DELETE /api/freelancers/me/portfolios/:id. */
export const useRemovePortfolio = () => useProfileWrite((id: string) => apiFetch<void>(`/api/freelancers/me/portfolios/${id}`, { method: "DELETE" }));
