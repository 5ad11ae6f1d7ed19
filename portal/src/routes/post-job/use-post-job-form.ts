import { useFormContext } from "react-hook-form";
import type { Resolver, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import {
  MAX_QUESTIONS,
  complianceOptions,
  deliveryDateProblem,
  errorCatalogue,
  integrationOptions,
  isIndustry,
  isScope,
  jobCreateBody,
  noAdditionalServices,
  projectSpecificFieldKeys,
  projectSpecificFieldsFor,
  projectTypeOf,
} from "@forgehire/core";
import type { FollowUpQuestion, Industry, JobCreateBody, JobWithRequirements, Scope, WizardForm } from "@forgehire/core";
import { schemaResolver } from "../../lib/form-errors";

type Body = Required<JobCreateBody>;

/**
 * The wizard's form values (spec part 1 §3): the body of POST /api/jobs, except that industry and scope may still
 * be unchosen and the delivery date is the text of a date input.
 */
export type JobDraft = Omit<Body, "industry" | "scope" | "expectedDeliveryDate"> & {
  industry: Industry | "";
  scope: Scope | null;
  /** YYYY-MM-DD, or "" for none */
  expectedDeliveryDate: string;
};

/** A collected follow-up question with its answer ("" until answered). */
export type DraftAnswer = Body["answers"][number];
/** The project-type-specific answers of step 2. */
export type DraftProjectFields = Body["projectSpecificFields"];

/** The four steps, in order; the tab bar shows these names. */
export const steps = ["Basic Information", "Users & Features", "Integration & Compliance", "Additional Information"] as const;
export const LAST_STEP = steps.length - 1;

/**
 * Where the client is in the wizard, beside the form's values: kept with the draft so that a reload comes back to
 * the same step with the same delivery-date choice.
 */
export interface WizardProgress {
  /** 0-based index into `steps` */
  step: number;
  /** true once the user picked a delivery date; until then the date follows the quote of the chosen scope */
  deliveryDateTouched: boolean;
  /** the scope whose quote last set the delivery date (the job's own scope when editing) */
  deliveryDateScope: Scope | null;
}

/** A picked file that will not be uploaded, and why. */
export interface RefusedFile {
  name: string;
  reason: string;
}

/** The wizard's react-hook-form: the draft's values in, the body of POST /api/jobs out (parsed by core's schema). */
export type PostJobForm = UseFormReturn<JobDraft, unknown, JobCreateBody>;

/** The wizard's form, as each step reads it. */
export const usePostJobFormContext = () => useFormContext<JobDraft, unknown, JobCreateBody>();

/** The form of a new requirement before anything is typed. */
export const emptyDraft: JobDraft = {
  title: "",
  description: "",
  industry: "",
  scope: null,
  expectedDeliveryDate: "",
  additionalServices: { ...noAdditionalServices },
  customTechStack: "",
  targetAudience: "",
  keyFeatures: "",
  userCategories: [],
  stakeholders: "",
  existingSystems: "",
  complianceRequirements: "",
  complianceTypes: [],
  integrationSystems: [],
  projectSpecificFields: {},
  answers: [],
};

const isOneOf =
  <T extends string>(options: readonly T[]) =>
  (value: string): value is T =>
    (options as readonly string[]).includes(value);

/**
 * The form of a stored job, for editing: every step prefilled from the job and its requirements.
 * @param saved the answer of GET /api/jobs/:id
 */
export function draftOfJob({ job, requirements }: JobWithRequirements): JobDraft {
  const industry = requirements.industry || job.industry;
  return {
    title: job.title,
    description: job.description,
    industry: isIndustry(industry) ? industry : "",
    scope: isScope(job.scope) ? job.scope : null,
    expectedDeliveryDate: job.expectedDeliveryDate?.slice(0, 10) ?? "",
    additionalServices: { ...noAdditionalServices, ...requirements.additionalServices },
    customTechStack: requirements.customTechStack,
    targetAudience: requirements.targetAudience,
    keyFeatures: requirements.keyFeatures,
    userCategories: requirements.userCategories,
    stakeholders: requirements.stakeholders,
    existingSystems: requirements.existingSystems,
    complianceRequirements: requirements.complianceRequirements,
    complianceTypes: requirements.complianceTypes.filter(isOneOf(complianceOptions)),
    integrationSystems: requirements.integrationSystems.filter(isOneOf(integrationOptions)),
    projectSpecificFields: requirements.projectSpecificFields,
    answers: requirements.answers,
  };
}

/**
 * The answers with the analysis's new questions added, each question once and unanswered.
 * @param answers the collected questions and answers
 * @param questions the questions the analysis offered
 */
export function withQuestions(answers: readonly DraftAnswer[], questions: readonly FollowUpQuestion[]): DraftAnswer[] {
  const known = new Set(answers.map((answer) => answer.questionId));
  const added = questions
    .filter((question) => !known.has(question.id))
    .map((question) => ({ questionId: question.id, question: question.question, answer: "" }));
  return [...answers, ...added];
}

/**
 * A list with a value ticked or unticked (a checkbox group).
 * @param list the ticked values
 * @param value the checkbox's value
 * @param checked whether it is now ticked
 */
export function toggled<T>(list: readonly T[], value: T, checked: boolean): T[] {
  const without = list.filter((item) => item !== value);
  return checked ? [...without, value] : without;
}

/** Today's date where the client is, as YYYY-MM-DD (the date input works in local dates). */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Why the chosen delivery date is refused (a date in the past), or null; the server applies the same rule.
 * @param date the date input's value
 * @param savedDeliveryDate the job's stored date when editing, which stands even once it has passed
 */
export function deliveryDateError(date: string, savedDeliveryDate: string | null): string | null {
  return deliveryDateProblem(date, localToday(), savedDeliveryDate);
}

/**
 * Only the chosen project type's fields are sent, and a detail text only while its flag is on, so that changing
 * the scope does not leave answers to questions the client no longer sees.
 */
function projectFieldsToSend(scope: Scope, fields: DraftProjectFields): DraftProjectFields {
  const sent: Record<string, string | boolean> = {};
  for (const definition of projectSpecificFieldsFor(projectTypeOf(scope))) {
    const value = fields[definition.key];
    if (value === undefined) continue;
    if (definition.dependsOn && fields[definition.dependsOn] !== true) continue;
    sent[definition.key] = value;
  }
  return sent as DraftProjectFields;
}

/**
 * What the form sends as the body of POST /api/jobs (and PUT in edit mode), before core's schema parses (and trims)
 * it: a missing industry or scope stays missing, for the schema to name.
 * @param draft the form's values
 */
export function toJobBodyInput(draft: JobDraft): Omit<z.input<typeof jobCreateBody>, "industry" | "scope"> & { industry?: Industry; scope?: Scope } {
  return {
    ...draft,
    industry: draft.industry === "" ? undefined : draft.industry,
    scope: draft.scope ?? undefined,
    expectedDeliveryDate: draft.expectedDeliveryDate || null,
    customTechStack: draft.additionalServices.customTechStack ? draft.customTechStack : "",
    userCategories: draft.userCategories.map((category) => category.trim()).filter(Boolean),
    projectSpecificFields: draft.scope === null ? {} : projectFieldsToSend(draft.scope, draft.projectSpecificFields),
  };
}

/**
 * The form as the follow-up analysis reads it (POST /api/wizard/analysis).
 * @param draft the form's values
 */
export function toWizardForm(draft: JobDraft): WizardForm {
  const { answers: _answers, expectedDeliveryDate: _date, customTechStack: _stack, industry, ...rest } = draft;
  return { ...rest, industry: industry || undefined };
}

/** The fields each step shows, for sending the client to the first refused one. */
const fieldsOfStep: readonly (readonly string[])[] = [
  ["title", "description", "industry", "scope", "expectedDeliveryDate", "additionalServices", "customTechStack"],
  ["targetAudience", "userCategories", "keyFeatures", "stakeholders", "projectSpecificFields"],
  ["complianceTypes", "complianceRequirements", "integrationSystems", "existingSystems"],
  ["answers"],
];

/** The fields the wizard shows, which an issue's or a refusal's path lands on (`answers.2.answer`, `userCategories.0`…). */
export const wizardFields: readonly string[] = [
  ...fieldsOfStep.flat(),
  ...projectSpecificFieldKeys.map((key) => `projectSpecificFields.${key}`),
  ...Array.from({ length: MAX_QUESTIONS }, (_unused, index) => `answers.${index}.answer`),
];

/** The required fields of step 1: a blank one is 'Missing fields'. */
export const requiredFields = ["title", "description", "industry", "scope"] as const;

/**
 * The step that shows a field.
 * @param field one of `wizardFields`
 * @returns its 0-based step, or null when no step shows it
 */
export function stepOfField(field: string): number | null {
  const top = field.split(".")[0] ?? field;
  const index = fieldsOfStep.findIndex((names) => names.includes(top));
  return index === -1 ? null : index;
}

const bodyResolver = schemaResolver<JobDraft, typeof jobCreateBody>(jobCreateBody, {
  fields: wizardFields,
  labels: { title: "Title", description: "Description", industry: "Industry", scope: "Project scope" },
  requiredMessage: errorCatalogue.MISSING_FIELDS.message,
  toInput: toJobBodyInput,
});

/**
 * The wizard's resolver: core's jobCreateBody over the draft, plus the delivery-date rule the server applies.
 * @param savedDeliveryDate the job's stored date when editing (kept even once it has passed)
 * @returns a resolver whose valid output is the request body
 */
export function postJobResolver(savedDeliveryDate: string | null): Resolver<JobDraft, unknown, JobCreateBody> {
  return async (values, context, options) => {
    const result = await bodyResolver(values, context, options);
    // Checked at each validation, so a form left open overnight refuses yesterday's date.
    const problem = deliveryDateError(values.expectedDeliveryDate, savedDeliveryDate);
    if (problem === null) return result;
    return { values: {}, errors: { ...result.errors, expectedDeliveryDate: { type: "validation", message: problem } } };
  };
}
