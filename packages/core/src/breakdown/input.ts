/**
 * What a breakdown engine (rules or AI) is given: the job's title, description and scope, and its requirements.
 */
import type { AdditionalServices } from "../catalog/options.js";
import type { ProjectSpecificFields } from "../catalog/project-specific-fields.js";
import type { Scope } from "../catalog/scopes.js";
import type { Requirements } from "../schemas/jobs.js";

/**
 * The requirements a breakdown reads. The stored `Requirements` fit as they are (their extra fields, such as
 * files and question ids, are ignored); `industry` is optional so callers that do not know it can still ask.
 */
export type BreakdownRequirements = Pick<
  Requirements,
  | "targetAudience"
  | "keyFeatures"
  | "userCategories"
  | "stakeholders"
  | "existingSystems"
  | "complianceRequirements"
  | "complianceTypes"
  | "integrationSystems"
> & {
  industry?: string;
  additionalServices: AdditionalServices;
  projectSpecificFields: Partial<ProjectSpecificFields>;
  /** the follow-up questions with their answers; a blank answer means the question was skipped */
  answers: readonly { question: string; answer: string }[];
};

/** A job as a breakdown engine sees it. */
export interface BreakdownInput {
  title: string;
  description: string;
  scope: Scope;
  requirements: BreakdownRequirements;
}

/** At most this many key features become stories of their own, so a pasted essay cannot flood the backlog. */
export const MAX_KEY_FEATURES = 8;
const MAX_FEATURE_LENGTH = 80;

/**
 * The client's key features as a list: split on commas, semicolons and new lines, list bullets and trailing
 * full stops removed, blanks dropped, repeats (ignoring case) dropped, at most `MAX_KEY_FEATURES` kept in the
 * order written.
 * @param keyFeatures the free text of the key features field
 * @returns the distinct features, each at most 80 characters
 */
export function splitKeyFeatures(keyFeatures: string): string[] {
  const seen = new Set<string>();
  const features: string[] = [];
  for (const part of keyFeatures.split(/[,;\n\r]+/)) {
    const feature = part
      .replace(/^\s*(?:[-*•]+|\d+[.)])\s*/, "")
      .trim()
      .replace(/[.!]+$/, "")
      .replace(/\s+/g, " ")
      .slice(0, MAX_FEATURE_LENGTH)
      .trim();
    const key = feature.toLowerCase();
    if (feature === "" || seen.has(key)) continue;
    seen.add(key);
    features.push(feature);
    if (features.length === MAX_KEY_FEATURES) break;
  }
  return features;
}
