import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { isActiveRun } from "@forgehire/core";
import type {
  BreakdownQueued,
  BreakdownResult,
  BreakdownRun,
  BreakdownVersion,
  ChangeRequest,
  ChangeRequestBody,
  Dispute,
  Job,
  JobWithRequirements,
  PaymentIntent,
  ProjectStatus,
  RequestChangesBody,
  Story,
  StoryCreateBody,
  StoryUpdateBody,
  SubmitStoryBody,
  Task,
  TaskComment,
  TaskCreateBody,
  TaskMessage,
  TaskStatusBody,
  TaskUpdateBody,
} from "@forgehire/core";
import { apiFetch } from "./client";
import { jobKeys } from "./jobs";

/**
 * Query keys of the breakdown module. Every backlog write invalidates `job(id)` (stories and project status
 * together) and the `jobs` keys, since a job's `hasStories` and `can` follow its backlog.
 */
export const breakdownKeys = {
  job: (jobId: number) => ["breakdown", jobId] as const,
  stories: (jobId: number) => ["breakdown", jobId, "stories"] as const,
  status: (jobId: number) => ["breakdown", jobId, "status"] as const,
  versions: (jobId: number) => ["breakdown", jobId, "versions"] as const,
  changeRequests: (jobId: number) => ["breakdown", jobId, "change-requests"] as const,
  run: (jobId: number, runId: string) => ["breakdown", jobId, "runs", runId] as const,
  // Under the job's key, so a status save (which refreshes the job) reloads the thread it added to.
  comments: (jobId: number, taskId: string) => ["breakdown", jobId, "comments", taskId] as const,
  messages: (taskId: string) => ["task-messages", taskId] as const,
  // Under the job's key, so every delivery transition (which refreshes the job) reloads its disputes too.
  disputes: (jobId: number) => ["breakdown", jobId, "disputes"] as const,
};

async function refreshJob(queryClient: QueryClient, jobId: number) {
  await Promise.all([queryClient.invalidateQueries({ queryKey: breakdownKeys.job(jobId) }), queryClient.invalidateQueries({ queryKey: jobKeys.all })]);
}

/** GET /api/jobs/:id/stories: the stories in creation order, tasks nested. */
export function useStories(jobId: number, enabled = true) {
  return useQuery({
    queryKey: breakdownKeys.stories(jobId),
    queryFn: ({ signal }) => apiFetch<Story[]>(`/api/jobs/${jobId}/stories`, { signal }),
    enabled,
  });
}

/** GET /api/jobs/:id/status: stories with status, comment and message counts, plus the progress figures. */
export function useProjectStatus(jobId: number, enabled = true) {
  return useQuery({
    queryKey: breakdownKeys.status(jobId),
    queryFn: ({ signal }) => apiFetch<ProjectStatus>(`/api/jobs/${jobId}/status`, { signal }),
    enabled,
  });
}

/**
 * POST /api/jobs/:id/breakdown: with the rules engine, 201 with the source and the stories; with the AI, 202 with
 * the run to follow (`useBreakdownRun`); 409 STORIES_EXIST when there are some.
 * It does not refresh the job by itself: the job's `can.createBreakdown` turns false with the new stories, which
 * would unmount the button and its progress dialog before the redirect; the caller refreshes with `useRefreshJob`.
 */
export function useCreateBreakdown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: number) => apiFetch<BreakdownResult | BreakdownQueued>(`/api/jobs/${jobId}/breakdown`, { method: "POST" }),
    onSuccess: (data, jobId) => {
      if ("stories" in data) queryClient.setQueryData(breakdownKeys.stories(jobId), data.stories);
    },
  });
}

/** The run route's poll, for an event the socket missed. */
const RUN_POLL_MS = 2_000;

/** GET /api/jobs/:id/breakdown/runs/:runId, every 2 s until the run has ended. */
export function useBreakdownRunQuery(jobId: number, runId: string | null) {
  return useQuery({
    queryKey: breakdownKeys.run(jobId, runId ?? ""),
    queryFn: ({ signal }) => apiFetch<BreakdownRun>(`/api/jobs/${jobId}/breakdown/runs/${runId}`, { signal }),
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data && !isActiveRun(query.state.data.status) ? false : RUN_POLL_MS),
  });
}

/** GET /api/jobs/:id/breakdown/versions: the locked versions, newest first, each with its changes. */
export function useBreakdownVersions(jobId: number) {
  return useQuery({
    queryKey: breakdownKeys.versions(jobId),
    queryFn: ({ signal }) => apiFetch<BreakdownVersion[]>(`/api/jobs/${jobId}/breakdown/versions`, { signal }),
  });
}

/**
 * POST /api/jobs/:id/breakdown/regenerate: replaces the stories (owner or admin, unlocked, not paid). With the rules
 * engine, 200 with the new stories; with the AI, 202 with the run to follow (`useBreakdownRun`).
 */
export function useRegenerateBreakdown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: number) => apiFetch<BreakdownResult | BreakdownQueued>(`/api/jobs/${jobId}/breakdown/regenerate`, { method: "POST" }),
    onSuccess: (data, jobId) => {
      if ("stories" in data) queryClient.setQueryData(breakdownKeys.stories(jobId), data.stories);
    },
    onSettled: (_data, _error, jobId) => refreshJob(queryClient, jobId),
  });
}

/** Refreshes a job's detail, listings and backlog, e.g. once the breakdown dialog has redirected. */
export function useRefreshJob() {
  const queryClient = useQueryClient();
  return (jobId: number) => refreshJob(queryClient, jobId);
}

/** POST /api/jobs/:id/stories */
export function useAddStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, body }: { jobId: number; body: Partial<StoryCreateBody> & { title: string } }) =>
      apiFetch<Story>(`/api/jobs/${jobId}/stories`, { method: "POST", body }),
    onSettled: (_data, _error, { jobId }) => refreshJob(queryClient, jobId),
  });
}

/** POST /api/stories/:id/tasks */
export function useAddTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storyId, body }: { jobId: number; storyId: string; body: Partial<TaskCreateBody> & { title: string } }) =>
      apiFetch<Task>(`/api/stories/${storyId}/tasks`, { method: "POST", body }),
    onSettled: (_data, _error, { jobId }) => refreshJob(queryClient, jobId),
  });
}

/** PATCH /api/stories/:id or /api/tasks/:id: only the fields sent change. */
export function useUpdateBacklogItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { jobId: number; kind: "story"; id: string; body: StoryUpdateBody } | { jobId: number; kind: "task"; id: string; body: TaskUpdateBody },
    ) => apiFetch<Story | Task>(`/api/${input.kind === "story" ? "stories" : "tasks"}/${input.id}`, { method: "PATCH", body: input.body }),
    onSettled: (_data, _error, { jobId }) => refreshJob(queryClient, jobId),
  });
}

/** DELETE /api/stories/:id or /api/tasks/:id: 409 LOCKED while locked or started. */
export function useDeleteBacklogItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { jobId: number; kind: "story" | "task"; id: string }) =>
      apiFetch<void>(`/api/${kind === "story" ? "stories" : "tasks"}/${id}`, { method: "DELETE" }),
    onSettled: (_data, _error, { jobId }) => refreshJob(queryClient, jobId),
  });
}

/** The job state transitions, each a POST sub-path answering `{job}`. */
export type JobTransition = "lock" | "unlock" | "start" | "complete";

/** POST /api/jobs/:id/lock|unlock|start|complete: the cached detail takes the new job at once. */
export function useJobTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, action }: { jobId: number; action: JobTransition }) => apiFetch<{ job: Job }>(`/api/jobs/${jobId}/${action}`, { method: "POST" }),
    onSuccess: async ({ job }) => {
      queryClient.setQueryData<JobWithRequirements>(jobKeys.detail(job.id), (current) => current && { ...current, job });
      await refreshJob(queryClient, job.id);
    },
  });
}

/** PATCH /api/tasks/:id/status: the status (assigned freelancer or admin) with an optional comment (also the owner). */
export function useUpdateTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, body }: { jobId: number; taskId: string; body: TaskStatusBody }) =>
      apiFetch<Task>(`/api/tasks/${taskId}/status`, { method: "PATCH", body }),
    onSuccess: (_data, { jobId }) => refreshJob(queryClient, jobId),
  });
}

/**
 * GET /api/tasks/:id/comments: the task's status comments, oldest first (the latest 100, the API's default page;
 * a task's thread of status notes stays far shorter in practice).
 */
export function useTaskComments(jobId: number, taskId: string, enabled = true) {
  return useQuery({
    queryKey: breakdownKeys.comments(jobId, taskId),
    queryFn: ({ signal }) => apiFetch<TaskComment[]>(`/api/tasks/${taskId}/comments`, { signal }),
    enabled,
  });
}

/**
 * POST /api/jobs/:id/change-requests: 201 with the request and its 'Change Request Implementation' story; on a paid
 * job the request is quoted instead and there is no story until the quote is paid.
 */
export function useCreateChangeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, body }: { jobId: number; body: ChangeRequestBody }) =>
      apiFetch<{ changeRequest: ChangeRequest; story: Story | null }>(`/api/jobs/${jobId}/change-requests`, { method: "POST", body }),
    onSuccess: (_data, { jobId }) => refreshJob(queryClient, jobId),
  });
}

/** GET /api/jobs/:id/change-requests: the job's change requests, oldest first, each with its quote and `can`/`why`. */
export function useChangeRequests(jobId: number, enabled = true) {
  return useQuery({
    queryKey: breakdownKeys.changeRequests(jobId),
    queryFn: ({ signal }) => apiFetch<ChangeRequest[]>(`/api/jobs/${jobId}/change-requests`, { signal }),
    enabled,
  });
}

/** POST /api/change-requests/:id/payment-intent: the card form for a quote, the job payment intent's shape. */
export function useChangeRequestPaymentIntent() {
  return useMutation({
    mutationFn: (changeRequestId: string) => apiFetch<PaymentIntent>(`/api/change-requests/${changeRequestId}/payment-intent`, { method: "POST" }),
  });
}

/** POST /api/change-requests/:id/decline: the client turns a quote down; nothing joins the scope. */
export function useDeclineChangeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Pick<ChangeRequest, "id" | "jobId">) =>
      apiFetch<{ changeRequest: ChangeRequest }>(`/api/change-requests/${request.id}/decline`, { method: "POST" }),
    onSettled: (_data, _error, request) => refreshJob(queryClient, request.jobId),
  });
}

/** Reloads a job's breakdown, change requests and money after a quote was paid (the new story, the escrow). */
export function useRefreshBreakdown() {
  const queryClient = useQueryClient();
  return (jobId: number) => refreshJob(queryClient, jobId);
}

/** GET /api/tasks/:id/messages: the task's conversation, oldest first; disabled while no task is open. */
export function useTaskMessages(taskId: string | null) {
  return useQuery({
    queryKey: breakdownKeys.messages(taskId ?? ""),
    queryFn: ({ signal }) => apiFetch<TaskMessage[]>(`/api/tasks/${taskId}/messages`, { signal }),
    enabled: taskId !== null,
  });
}

/**
 * Adds a message to a task's cached conversation unless it is there already: the POST's answer and the
 * socket's `task:message` bring the same message, in either order.
 */
export function addTaskMessage(queryClient: QueryClient, message: TaskMessage) {
  queryClient.setQueryData<TaskMessage[]>(breakdownKeys.messages(message.taskId), (current) => {
    if (!current) return current;
    return current.some(({ id }) => id === message.id) ? current : [...current, message];
  });
}

/** POST /api/tasks/:id/messages: JSON for text only, multipart `content` + `files` with attachments. */
export function usePostTaskMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, content, files }: { jobId: number; taskId: string; content: string; files: readonly File[] }) => {
      if (files.length === 0) return apiFetch<TaskMessage>(`/api/tasks/${taskId}/messages`, { method: "POST", body: { content } });
      const form = new FormData();
      form.append("content", content);
      for (const file of files) form.append("files", file, file.name);
      return apiFetch<TaskMessage>(`/api/tasks/${taskId}/messages`, { method: "POST", body: form });
    },
    onSuccess: async (message, { jobId }) => {
      addTaskMessage(queryClient, message);
      await queryClient.invalidateQueries({ queryKey: breakdownKeys.status(jobId) });
    },
  });
}

/** What an approval released: the story's milestone, the platform's fee and the freelancer's net, in cents. */
export interface Release {
  grossCents: number;
  feeCents: number;
  netCents: number;
}

/**
 * A story's delivery transitions (docs/lifecycle.md): POST /api/stories/:id/submit | approve | request-changes. Each
 * answers the story (approve also the release); the job's stories, status and `can` are reloaded after. A submission
 * with files goes as multipart: `note`, one `links` field per link, `files`.
 */
export function useStoryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { jobId: number; storyId: string; action: "submit"; body: SubmitStoryBody; files?: readonly File[] }
        | { jobId: number; storyId: string; action: "approve" }
        | { jobId: number; storyId: string; action: "request-changes"; body: RequestChangesBody },
    ) => {
      const path = `/api/stories/${input.storyId}/${input.action}`;
      if (input.action === "submit" && input.files && input.files.length > 0) {
        const form = new FormData();
        form.append("note", input.body.note);
        for (const link of input.body.links) form.append("links", link);
        for (const file of input.files) form.append("files", file, file.name);
        return apiFetch<{ story: Story; release?: Release }>(path, { method: "POST", body: form });
      }
      return apiFetch<{ story: Story; release?: Release }>(path, { method: "POST", body: "body" in input ? input.body : {} });
    },
    onSettled: (_data, _error, { jobId }) => refreshJob(queryClient, jobId),
  });
}

/** GET /api/jobs/:id/disputes: the job's disputes, open and resolved, newest first (its owner, freelancer and admins). */
export function useJobDisputes(jobId: number, enabled = true) {
  return useQuery({
    queryKey: breakdownKeys.disputes(jobId),
    queryFn: async ({ signal }) => (await apiFetch<{ items: Dispute[] }>(`/api/jobs/${jobId}/disputes`, { signal })).items,
    enabled,
  });
}

/** POST /api/jobs/:id/disputes: a story (with its id) or every story not yet approved; the job is reloaded after. */
export function useOpenDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, reason, storyId }: { jobId: number; reason: string; storyId?: string }) =>
      apiFetch<{ dispute: Dispute }>(`/api/jobs/${jobId}/disputes`, { method: "POST", body: { reason, ...(storyId && { storyId }) } }),
    onSettled: (_data, _error, { jobId }) => refreshJob(queryClient, jobId),
  });
}
