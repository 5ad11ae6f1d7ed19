/**
 * Completing an AI breakdown from the rules engine, so the AI can never lose a requirement: every capability the
 * requirements ask for that the AI's answer misses is added from the rules engine's stories for it.
 */
import type { BreakdownInput } from "./input.js";
import { coversCapability, missingCapabilities, type RequiredCapability } from "./quality.js";
import { rulesBreakdown } from "./rules-engine.js";
import { storyDraft, type StoryDraft, type TaskDraft } from "./types.js";

/** The prefix of the `source` of a story or task the rules engine added to an AI answer. */
export const COMPLETED_SOURCE_PREFIX = "rules:";

const marked = (source: string | null) => (source === null ? null : `${COMPLETED_SOURCE_PREFIX}${source}`);

/** The rules story that covers a capability, its tasks for it, and whether the story as a whole is about it. */
function rulesStoryFor(rules: readonly StoryDraft[], capability: RequiredCapability): { story: StoryDraft; tasks: TaskDraft[]; whole: boolean } | null {
  for (const story of rules) {
    if (!coversCapability([story], capability)) continue;
    const whole =
      capability.feature !== undefined
        ? story.title.toLowerCase().includes(capability.feature.toLowerCase()) ||
          story.description.toLowerCase().includes(`"${capability.feature.toLowerCase()}"`)
        : story.source === capability.source;
    const tasks = whole
      ? story.tasks
      : story.tasks.filter((task) =>
          capability.feature !== undefined ? task.title.toLowerCase().includes(capability.feature.toLowerCase()) : task.source === capability.source,
        );
    return { story, tasks, whole };
  }
  return null;
}

const titleKey = (title: string) => title.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * Adds to an AI breakdown what it missed: for each requested capability no AI story or task covers (see
 * `missingCapabilities`), the rules engine's story for it, or only its tasks for it (an answer, the custom tech
 * stack, the existing systems), placed before the AI's last story (its testing and acceptance story) when it gave several and with
 * every added source prefixed `rules:` so the portal can show that the rules engine filled the gap.
 * A rules task the AI already wrote (the same title) is never added a second time: the AI's task stands for it and,
 * when the AI named no source, takes the rules task's source (and the AI's story of the same title the rules story's),
 * so a model that forgets `source` neither loses the link to the requirement nor gets the work twice.
 * @param input the job the AI broke down
 * @param aiStories the AI's stories, as parsed (not modified)
 * @returns the stories (unchanged when nothing was missed) and the capabilities that were added
 */
export function completeFromRules(input: BreakdownInput, aiStories: readonly StoryDraft[]): { stories: StoryDraft[]; added: RequiredCapability[] } {
  const missing = missingCapabilities(input, aiStories);
  if (missing.length === 0) return { stories: [...aiStories], added: [] };
  const rules = rulesBreakdown(input);
  // Copies: a source adopted below must not change the caller's drafts.
  const own = aiStories.map((story) => ({ ...story, tasks: story.tasks.map((task) => ({ ...task })) }));
  const ownTasks = new Map<string, TaskDraft>();
  for (const task of own.flatMap((story) => story.tasks)) if (!ownTasks.has(titleKey(task.title))) ownTasks.set(titleKey(task.title), task);
  const ownStories = new Map(own.map((story) => [titleKey(story.title), story]));
  const additions = new Map<string, { story: StoryDraft; tasks: TaskDraft[] }>();
  const added: RequiredCapability[] = [];
  for (const capability of missing) {
    const found = rulesStoryFor(rules, capability);
    if (!found || found.tasks.length === 0) continue;
    const absent: TaskDraft[] = [];
    for (const task of found.tasks) {
      const written = ownTasks.get(titleKey(task.title));
      if (!written) absent.push(task);
      else if (written.source === null) written.source = task.source;
    }
    const story = ownStories.get(titleKey(found.story.title));
    if (found.whole && story && story.source === null) story.source = found.story.source;
    if (absent.length === 0) continue;
    const entry = additions.get(found.story.title) ?? { story: found.story, tasks: [] };
    for (const task of absent) if (!entry.tasks.includes(task)) entry.tasks.push(task);
    additions.set(found.story.title, entry);
    added.push(capability);
  }
  const extra = [...additions.values()].map(({ story, tasks }) => {
    const title = ownStories.has(titleKey(story.title)) ? `${story.title} (from the requirements)` : story.title;
    const ordered = story.tasks.filter((task) => tasks.includes(task)).map((task) => ({ ...task, source: marked(task.source) }));
    return storyDraft(title, story.description, story.priority, ordered, marked(story.source));
  });
  // Before the AI's closing (testing) story when it gave several; after its only story otherwise.
  const last = own.length >= 2 ? own.length - 1 : own.length;
  return { stories: [...own.slice(0, last), ...extra, ...own.slice(last)], added };
}
