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
  "targetAudience" | "keyFeatures" | "userCategories" | "stakeholders" | "existingSystems" | "complianceRequirements" | "complianceTypes" | "integrationSystems"
> & {
  industry?: string;
  additionalServices: AdditionalServices;
  projectSpecificFields: Partial<ProjectSpecificFields>;
  /** the follow-up questions with their answers; a blank answer means the question was skipped */
  answers: readonly { questionId?: string; question: string; answer: string }[];
};

/** A job as a breakdown engine sees it. */
export interface BreakdownInput {
  title: string;
  description: string;
  scope: Scope;
  requirements: BreakdownRequirements;
}

/** At most this many key features become stories of their own, so a pasted essay cannot flood the backlog. */
export const MAX_KEY_FEATURES = 20;
/** A feature statement longer than this is cut at a word boundary for its title; the description keeps it all. */
export const MAX_FEATURE_LENGTH = 160;

const cleanFeature = (part: string): string =>
  part
    .replace(/^\s*(?:[-*•·]+|\d+[.)]|[a-z][.)](?=\s))\s*/i, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!;:]+$/, "")
    .trim();

/**
 * Whether a line is a bare comma list of short items ("cart, wishlist, reviews") rather than one statement whose
 * commas join verbs or objects of a single phrase ("Book, reschedule and cancel visits via Calendly").
 */
const isBareList = (line: string): boolean => {
  const parts = line.split(",").map((part) => part.trim());
  if (parts.length < 2 || parts.some((part) => part === "")) return false;
  const words = parts.map((part) => part.split(/\s+/).length);
  // A one-word part before "and"/"or" is a verb or noun of one phrase ("Book, reschedule and cancel visits");
  // parts of two words or more are items of their own ("menu page with prices, photo gallery, opening hours").
  // With "and"/"or", only an Oxford comma (", and") marks a list; "make, model and year" is one phrase.
  if (/\b(and|or)\b/i.test(line)) return /,\s*(and|or)\b/i.test(line) && words.every((count) => count >= 2);
  return words.every((count) => count <= 4) || words.every((count) => count >= 2);
};

/**
 * The client's key features as statements: one per list item or line, and one per sentence within a line, list
 * bullets and trailing full stops removed, blanks and repeats (ignoring case) dropped, at most
 * `MAX_KEY_FEATURES` kept in the order written. Commas split a line only when it is a bare list of short items;
 * inside a statement they are part of the phrase, so "Book, reschedule and cancel visits via Calendly" stays one.
 * @param keyFeatures the free text of the key features field
 * @returns the distinct feature statements, in the client's words
 */
export function splitKeyFeatures(keyFeatures: string): string[] {
  const seen = new Set<string>();
  const features: string[] = [];
  const lines = keyFeatures.split(/[\n\r;]+/).flatMap((line) =>
    // Sentences: a full stop, ! or ? followed by a space and a capital or digit (so "e.g. this" and "v2.0" stay).
    line.split(/(?<=[.!?])\s+(?=[A-Z0-9"“])/),
  );
  for (const line of lines) {
    const cleaned = cleanFeature(line);
    for (const part of isBareList(cleaned) ? cleaned.split(",") : [cleaned]) {
      const feature = cleanFeature(part.replace(/^\s*(?:and|or)\s+/i, ""));
      const key = feature.toLowerCase();
      if (feature === "" || seen.has(key)) continue;
      seen.add(key);
      features.push(feature);
      if (features.length === MAX_KEY_FEATURES) return features;
    }
  }
  return features;
}

/**
 * A feature statement as a title: the client's words with the first letter capitalised, cut at a word boundary
 * when longer than `MAX_FEATURE_LENGTH`.
 * @param feature one statement from `splitKeyFeatures`
 * @returns the title
 */
export function featureTitle(feature: string): string {
  const capitalised = feature.charAt(0).toUpperCase() + feature.slice(1);
  if (capitalised.length <= MAX_FEATURE_LENGTH) return capitalised;
  const cut = capitalised.slice(0, MAX_FEATURE_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[,;:\s]+$/, "")}…`;
}
