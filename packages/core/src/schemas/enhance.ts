/**
 * Request and answer of `POST /api/wizard/enhance` ("Enhance with AI" on the wizard's first step, API.md
 * "Catalogue, quote and wizard"): what the client typed so far in, a clearer description and key-feature list out.
 */
import { z } from "zod";
import { errorCatalogue } from "../errors.js";
import { inputString } from "./common.js";
import { scopeSchema } from "./jobs.js";

const MISSING = errorCatalogue.MISSING_FIELDS.message;

/** The longest description a job takes (as `jobCreateBody`), so an accepted proposal always saves. */
export const ENHANCED_DESCRIPTION_MAX = 20_000;
/** The longest key-feature text a job takes (as `jobCreateBody`). */
export const ENHANCED_KEY_FEATURES_MAX = 10_000;

/** POST /api/wizard/enhance: the wizard's first-step text; title and description are needed to improve on. */
export const wizardEnhanceBody = z.object({
  /** the requirement's title */
  title: inputString({ error: MISSING }).trim().min(1, MISSING).max(200, "At most 200 characters"),
  /** the description to improve */
  description: inputString({ error: MISSING }).trim().min(1, MISSING).max(ENHANCED_DESCRIPTION_MAX, `At most ${ENHANCED_DESCRIPTION_MAX} characters`),
  /** the key features so far (one per line, or sentences), possibly none yet */
  keyFeatures: inputString().max(ENHANCED_KEY_FEATURES_MAX, `At most ${ENHANCED_KEY_FEATURES_MAX} characters`).default(""),
  /** the chosen industry, if any; free text, since it only informs the wording */
  industry: inputString().trim().max(100).default(""),
  /** the chosen scope price, if any: the proposal stays within what that scope delivers */
  scope: z.preprocess((value) => (value === "" ? null : value), scopeSchema.nullable()).default(null),
  /** who the product is for, if given */
  targetAudience: inputString().max(10_000).default(""),
});
/** What a handler receives once `wizardEnhanceBody` has parsed the input. */
export type WizardEnhanceBody = z.infer<typeof wizardEnhanceBody>;
/** What a caller sends to `POST /api/wizard/enhance` (the defaulted fields may be left out). */
export type WizardEnhanceInput = z.input<typeof wizardEnhanceBody>;

/**
 * The answer of `POST /api/wizard/enhance`: a proposal the client accepts or rejects, nothing is saved.
 * `keyFeatures` is in the form's own format, one feature per line, so Accept can put it in the field as is.
 */
export const wizardEnhancementSchema = z.object({
  /** the improved description */
  description: z.string().min(1).max(ENHANCED_DESCRIPTION_MAX),
  /** the improved key features, one per line */
  keyFeatures: z.string().max(ENHANCED_KEY_FEATURES_MAX),
});
/** The body of a `POST /api/wizard/enhance` answer. */
export type WizardEnhancement = z.infer<typeof wizardEnhancementSchema>;
