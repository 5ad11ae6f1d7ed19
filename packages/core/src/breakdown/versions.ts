/**
 * Breakdown versions: the stories and tasks as they stood when the requirements were locked, and what changed
 * from one locked version to the next.
 */

/** A task as a version keeps it. */
export interface VersionTask {
  title: string;
  description: string;
  priority: string;
  estimateHours: number | null;
  acceptanceCriteria: string[];
  source: string | null;
}

/** A story as a version keeps it. */
export interface VersionStory {
  title: string;
  description: string;
  priority: string;
  source: string | null;
  tasks: VersionTask[];
}

/** What changed between two versions, by story title. */
export interface VersionChanges {
  added: string[];
  removed: string[];
  /** stories in both whose text, priority or tasks differ */
  changed: string[];
  /** the change of the total estimate in hours (positive when the new version is larger) */
  hoursDelta: number;
}

/**
 * The total estimate of a version.
 * @param stories the version's stories
 * @returns the sum of every task's estimate (tasks without one count 0)
 */
export function versionHours(stories: readonly VersionStory[]): number {
  return stories.reduce((sum, story) => sum + story.tasks.reduce((total, task) => total + (task.estimateHours ?? 0), 0), 0);
}

/**
 * What changed from one locked version to the next: stories added and removed (by title, ignoring case) and
 * stories kept whose description, priority or tasks (titles, estimates, criteria) differ.
 * @param previous the earlier version's stories, or null for the first version (everything counts as added)
 * @param current the later version's stories
 * @returns the changes, each list in the order of the version it comes from
 */
export function diffVersions(previous: readonly VersionStory[] | null, current: readonly VersionStory[]): VersionChanges {
  const key = (story: VersionStory) => story.title.trim().toLowerCase();
  const before = new Map((previous ?? []).map((story) => [key(story), story]));
  const after = new Map(current.map((story) => [key(story), story]));
  const summary = (story: VersionStory) =>
    JSON.stringify([
      story.description,
      story.priority,
      story.tasks.map((task) => [task.title, task.description, task.priority, task.estimateHours, task.acceptanceCriteria]),
    ]);
  return {
    added: current.filter((story) => !before.has(key(story))).map((story) => story.title),
    removed: (previous ?? []).filter((story) => !after.has(key(story))).map((story) => story.title),
    changed: current.filter((story) => before.has(key(story)) && summary(before.get(key(story))!) !== summary(story)).map((story) => story.title),
    hoursDelta: versionHours(current) - versionHours(previous ?? []),
  };
}
