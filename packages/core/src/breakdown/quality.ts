/**
 * What a breakdown must cover: the capabilities a job's requirements ask for, each with the test that tells
 * whether a breakdown (from the rules engine or the AI) covers it. Used to complete an AI answer that missed a
 * requirement, and by the breakdown benchmark.
 */
import { projectSpecificFieldDefinitions } from "../catalog/project-specific-fields.js";
import { additionalServiceKeys } from "../catalog/options.js";
import { projectTypeOf } from "../catalog/scopes.js";
import { splitKeyFeatures, type BreakdownInput } from "./input.js";
import { PUBLIC_CATEGORY, singular } from "./rules-engine.js";
import type { StoryDraft } from "./types.js";

/** One requested capability. */
export interface RequiredCapability {
  /** the `source` a story or task covering it carries (`keyFeature` for every key feature) */
  source: string;
  /** what the client asked for, for reports */
  label: string;
  /** for a key feature: the client's statement, which a title or description must contain */
  feature?: string;
}

const NEGATIVE_ANSWER = /^(no|nope|none|n\/?a|not (needed|required|applicable|sure)|nothing|no preference|don'?t know|skip|-)\.?$/i;

/**
 * The capabilities a job's requirements ask for: each key feature statement, each `needs…` flag that is on, each
 * integration, compliance type (or "Others" for notes alone) and paid extra, each answered follow-up question,
 * and in an application the existing systems and each non-public user category not named by a feature. A trial
 * asks only for its first key feature.
 * @param input the job as the engines see it
 * @returns the capabilities, each once
 */
export function requiredCapabilities(input: BreakdownInput): RequiredCapability[] {
  const requirements = input.requirements;
  const features = splitKeyFeatures(requirements.keyFeatures);
  const projectType = projectTypeOf(input.scope);
  const featureCapability = (feature: string): RequiredCapability => ({ source: "keyFeature", label: feature, feature });
  if (projectType === "trial") return features.slice(0, 1).map(featureCapability);
  const app = projectType !== "static";
  const fields = requirements.projectSpecificFields;
  const featureText = features.join(" ").toLowerCase();
  const categories = requirements.userCategories.map((category) => category.trim()).filter((category) => category !== "");
  const notes = requirements.complianceRequirements.trim();
  const compliance = requirements.complianceTypes.length === 0 && notes !== "" ? ["Others"] : requirements.complianceTypes;
  const capabilities: RequiredCapability[] = [
    ...features.map(featureCapability),
    ...projectSpecificFieldDefinitions
      .filter((field) => field.type === "boolean" && fields[field.key] === true)
      .map((field) => ({ source: `flag:${field.key}`, label: field.label })),
    ...requirements.integrationSystems.map((system) => ({ source: `integration:${system}`, label: `${system} integration` })),
    ...compliance.map((type) => ({ source: `compliance:${type}`, label: `${type} compliance` })),
    ...additionalServiceKeys.filter((key) => requirements.additionalServices[key]).map((key) => ({ source: `extra:${key}`, label: `${key} extra` })),
    ...requirements.answers.flatMap((answer, index) =>
      answer.answer.trim() === "" || NEGATIVE_ANSWER.test(answer.answer.trim())
        ? []
        : [{ source: `answer:${answer.questionId ?? `question_${index + 1}`}`, label: `answer to "${answer.question}"` }],
    ),
    ...(app && requirements.existingSystems.trim() !== "" ? [{ source: "existingSystems", label: "existing systems" }] : []),
    ...(app && categories.length > 1
      ? categories
          .filter((category) => !PUBLIC_CATEGORY.test(category) && !featureText.includes(singular(category).toLowerCase()))
          .map((category) => ({ source: `userCategory:${category}`, label: `${category} screens` }))
      : []),
  ];
  const seen = new Set<string>();
  return capabilities.filter((capability) => {
    const key = `${capability.source}|${capability.feature ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The source with any completion marker removed ("rules:integration:Zoom" → "integration:Zoom"). */
const baseSource = (source: string | null) => (source ?? "").replace(/^rules:/, "");

/**
 * Whether a breakdown covers a capability: a story or task cites its source (for a key feature: a title or a story
 * description also contains the client's statement, whatever case).
 * @param stories the breakdown
 * @param capability one of `requiredCapabilities`
 * @returns true when covered
 */
export function coversCapability(stories: readonly StoryDraft[], capability: RequiredCapability): boolean {
  if (capability.feature !== undefined) {
    const wanted = capability.feature.toLowerCase();
    return stories.some(
      (story) =>
        story.title.toLowerCase().includes(wanted) ||
        story.description.toLowerCase().includes(`"${wanted}"`) ||
        story.tasks.some((task) => task.title.toLowerCase().includes(wanted)),
    );
  }
  return stories.some((story) => baseSource(story.source) === capability.source || story.tasks.some((task) => baseSource(task.source) === capability.source));
}

/**
 * The capabilities a breakdown misses.
 * @param input the job
 * @param stories its breakdown
 * @returns the missed capabilities, in `requiredCapabilities` order
 */
export function missingCapabilities(input: BreakdownInput, stories: readonly StoryDraft[]): RequiredCapability[] {
  return requiredCapabilities(input).filter((capability) => !coversCapability(stories, capability));
}
