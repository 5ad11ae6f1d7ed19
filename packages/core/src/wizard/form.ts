/**
 * The posting wizard's form as the follow-up analysis reads it: every field optional, since the analysis may run
 * on a half-filled form.
 */
import type { AdditionalServices } from "../catalog/options.js";
import type { ProjectSpecificFields } from "../catalog/project-specific-fields.js";
import type { Scope } from "../catalog/scopes.js";

/** The wizard's form state (spec part 1 §3), as far as the follow-up questions depend on it. */
export interface WizardForm {
  title?: string;
  description?: string;
  industry?: string;
  /** the chosen scope price; decides the project type and so the question bank */
  scope?: Scope | null;
  additionalServices?: Partial<AdditionalServices>;
  targetAudience?: string;
  keyFeatures?: string;
  userCategories?: string[];
  stakeholders?: string;
  existingSystems?: string;
  complianceRequirements?: string;
  complianceTypes?: string[];
  integrationSystems?: string[];
  projectSpecificFields?: Partial<ProjectSpecificFields>;
}

/** A follow-up question as offered to the client. */
export interface FollowUpQuestion {
  /** stable id, so an answered question is recognised on the next round */
  id: string;
  question: string;
}

/** A follow-up question with the client's answer; a blank answer means the question was skipped. */
export interface WizardAnswer {
  questionId: string;
  question: string;
  answer: string;
}
