import type { Priority, TaskStatus } from "@forgehire/core";

/** A row of GET /api/admin/stories. */
export interface AdminStory {
  id: string;
  jobId: number;
  jobTitle: string;
  title: string;
  description: string;
  priority: Priority;
  locked: boolean;
  taskCount: number;
  estimateHours: number;
  createdAt: string;
}

/** A row of GET /api/admin/tasks. */
export interface AdminTask {
  id: string;
  jobId: number;
  jobTitle: string;
  storyId: string;
  storyTitle: string;
  title: string;
  description: string;
  priority: Priority;
  status: TaskStatus;
  locked: boolean;
  comment: string | null;
  estimateHours: number | null;
  messageCount: number;
  createdAt: string;
}

const priorityLabels: Record<Priority, string> = { high: "High", medium: "Medium", low: "Low" };
const taskStatusLabels: Record<TaskStatus, string> = { todo: "To do", in_progress: "In progress", clarification: "Clarification", done: "Done" };
const toChoices = (labels: Record<string, string>) => Object.entries(labels).map(([id, name]) => ({ id, name }));

export const priorityChoices = toChoices(priorityLabels);
export const taskStatusChoices = toChoices(taskStatusLabels);
/** A task status in words, e.g. 'In progress'. */
export const taskStatusLabel = (status: TaskStatus): string => taskStatusLabels[status];
