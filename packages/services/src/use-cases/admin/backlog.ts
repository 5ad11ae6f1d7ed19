import { authorizeBackOffice, type Actor, type StoryUpdateBody, type TaskUpdateBody } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { deleteBacklogItem, editBacklogItem } from "../breakdown/backlog.js";

/**
 * An admin's edit of a story or task from the back office: the portal's edit under the portal's rules (LOCKED as
 * for the poster), after the back office's own check, so a job's poster cannot reach it through /api/admin.
 * @returns the job the item belongs to
 * @throws ADMIN_ONLY; STORY_NOT_FOUND / TASK_NOT_FOUND; LOCKED
 */
export function editBacklogItemByAdmin(
  deps: Pick<ServiceDeps, "db" | "now">,
  actor: Actor,
  itemId: string,
  type: "story" | "task",
  input: StoryUpdateBody | TaskUpdateBody,
): Promise<number> {
  authorizeBackOffice(actor, "update", type === "story" ? "stories" : "tasks");
  return editBacklogItem(deps, actor, itemId, type, input);
}

/**
 * An admin's delete of a story (with its tasks) or a task from the back office, under the portal's rules.
 * @throws ADMIN_ONLY; STORY_NOT_FOUND / TASK_NOT_FOUND; LOCKED
 */
export function deleteBacklogItemByAdmin(deps: Pick<ServiceDeps, "db">, actor: Actor, itemId: string, type: "story" | "task"): Promise<void> {
  authorizeBackOffice(actor, "delete", type === "story" ? "stories" : "tasks");
  return deleteBacklogItem(deps, actor, itemId, type);
}
