import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { JobReview, JobReviews, ReviewBody, ReviewEditBody, ReviewPage } from "@forgehire/core";
import { apiFetch } from "./client";
import { freelancerKeys } from "./freelancers";

/** Query keys of reviews; every write invalidates the job's card and the freelancers' profiles and directory. */
export const reviewKeys = {
  job: (jobId: number) => ["reviews", "job", jobId] as const,
  profile: (freelancerId: string) => ["reviews", "profile", freelancerId] as const,
};

/** GET /api/jobs/:id/reviews: the job's Review card as the server's rules compute it for the signed-in user. */
export function useJobReviews(jobId: number, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.job(jobId),
    queryFn: ({ signal }) => apiFetch<JobReviews>(`/api/jobs/${jobId}/reviews`, { signal }),
    enabled,
    retry: false,
  });
}

function useReviewWrite<TInput>(jobId: number | null, mutationFn: (input: TInput) => Promise<{ review: JobReview }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        jobId === null ? undefined : queryClient.invalidateQueries({ queryKey: reviewKeys.job(jobId) }),
        queryClient.invalidateQueries({ queryKey: ["reviews", "profile"] }),
        queryClient.invalidateQueries({ queryKey: freelancerKeys.all }),
      ]);
    },
  });
}

/** POST /api/jobs/:id/reviews. */
export const useWriteReview = (jobId: number) =>
  useReviewWrite(jobId, (body: ReviewBody) => apiFetch<{ review: JobReview }>(`/api/jobs/${jobId}/reviews`, { method: "POST", body }));

/** PATCH /api/reviews/:id (its author, within 48 hours, while unpublished). */
export const useEditReview = (jobId: number) =>
  useReviewWrite(jobId, ({ id, ...body }: ReviewEditBody & { id: string }) =>
    apiFetch<{ review: JobReview }>(`/api/reviews/${encodeURIComponent(id)}`, { method: "PATCH", body }),
  );

/** POST /api/reviews/:id/reply (the reviewed party, once). */
export const useReplyToReview = () =>
  useReviewWrite(null, ({ id, text }: { id: string; text: string }) =>
    apiFetch<{ review: JobReview }>(`/api/reviews/${encodeURIComponent(id)}/reply`, { method: "POST", body: { text } }),
  );

/** GET /api/freelancers/:id/reviews?cursor=: the profile's older reviews, after the first page the profile carries. */
export function useMoreFreelancerReviews(freelancerId: string, firstCursor: string | null | undefined) {
  return useInfiniteQuery({
    queryKey: [...reviewKeys.profile(freelancerId), firstCursor ?? null],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ReviewPage>(`/api/freelancers/${encodeURIComponent(freelancerId)}/reviews?cursor=${encodeURIComponent(pageParam)}`, { signal }),
    initialPageParam: firstCursor ?? "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: false,
  });
}
