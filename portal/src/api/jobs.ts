import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { PORTAL_JOBS_PER_PAGE } from "@forgehire/core";
import type { CursorPage, Job, JobCreateBody, JobFile, JobUpdateBody, JobWithRequirements, MyJobsFilter } from "@forgehire/core";
import { apiFetch } from "./client";
import { jobKeys } from "./job-keys";

/** Cards per page of the listings: four rows of three on a wide screen. */
export const JOBS_PER_PAGE = PORTAL_JOBS_PER_PAGE;

export { jobKeys };

/**
 * Where a page of a job list starts: after the previous page's last job (its `nextCursor`) when that page is in the
 * cache, which the server finds through an index however deep the page; else by page number (a link, a reload, a
 * jump in the pager), an offset the database has to walk.
 */
function pagePosition(queryClient: QueryClient, previousPage: QueryKey, page: number): string {
  const cursor = page > 1 ? queryClient.getQueryData<CursorPage<Job>>(previousPage)?.nextCursor : undefined;
  return cursor ? `cursor=${encodeURIComponent(cursor)}` : `page=${page}`;
}

/** GET /api/jobs: every live job, newest first (signed in only). */
export function useJobs(page: number, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: jobKeys.list(page),
    queryFn: ({ signal }) =>
      apiFetch<CursorPage<Job>>(`/api/jobs?${pagePosition(queryClient, jobKeys.list(page - 1), page)}&perPage=${JOBS_PER_PAGE}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/jobs/mine: the client's own jobs, the freelancer's jobs in progress, or every job for admins. */
export function useMyJobs(filter: MyJobsFilter, page: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: jobKeys.mine(filter, page),
    queryFn: ({ signal }) =>
      apiFetch<CursorPage<Job>>(`/api/jobs/mine?filter=${filter}&${pagePosition(queryClient, jobKeys.mine(filter, page - 1), page)}&perPage=${JOBS_PER_PAGE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/jobs/:id: the job with its requirements; disabled for an id that is not a positive integer. */
export function useJob(id: number | null) {
  return useQuery({
    queryKey: jobKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiFetch<JobWithRequirements>(`/api/jobs/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** POST /api/jobs: 201 with the new job (status open, unpaid) and its requirements. */
export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JobCreateBody) => apiFetch<JobWithRequirements>("/api/jobs", { method: "POST", body }),
    onSuccess: async (data) => {
      queryClient.setQueryData(jobKeys.detail(data.job.id), data);
      await queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}

/** PUT /api/jobs/:id: a partial body; every field sent replaces the stored one. */
export function useUpdateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: JobUpdateBody }) => apiFetch<JobWithRequirements>(`/api/jobs/${id}`, { method: "PUT", body }),
    onSuccess: async (data) => {
      queryClient.setQueryData(jobKeys.detail(data.job.id), data);
      await queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}

/** DELETE /api/jobs/:id: a soft delete; a paid or started job answers 409 JOB_PAID. */
export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/jobs/${id}`, { method: "DELETE" }),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: jobKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}

/** POST /api/jobs/:id/files: attaches files (multipart field `files`) and answers the stored ones. */
export function useUploadJobFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, files }: { id: number; files: readonly File[] }) => {
      const form = new FormData();
      for (const file of files) form.append("files", file, file.name);
      return apiFetch<JobFile[]>(`/api/jobs/${id}/files`, { method: "POST", body: form });
    },
    onSuccess: async (_data, { id }) => {
      await queryClient.invalidateQueries({ queryKey: jobKeys.detail(id) });
    },
  });
}
