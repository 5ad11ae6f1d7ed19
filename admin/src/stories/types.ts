import { priorityLabels, taskStatusLabels, type Priority, type TaskStatus } from "@forgehire/core";
import { toChoices } from "../choices";

export const priorityChoices = toChoices(priorityLabels);
/** A priority in words, e.g. 'High'. */
export const priorityLabel = (priority: Priority): string => priorityLabels[priority];
export const taskStatusChoices = toChoices(taskStatusLabels);
/** A task status in words, e.g. 'In Progress'. */
export const taskStatusLabel = (status: TaskStatus): string => taskStatusLabels[status];
