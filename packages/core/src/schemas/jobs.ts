/**
 * Request and response schemas of the catalogue, quote, wizard and job endpoints (API.md "Catalogue, quote and
 * wizard" and "Jobs").
 */
import { z } from "zod";
import { jobMoneySumsSchema } from "./money.js";
import { errorCatalogue, type ErrorCode } from "../errors.js";
import { complianceOptions, industries, integrationOptions, type AdditionalServices } from "../catalog/options.js";
import type { ProjectSpecificFieldKey, ProjectSpecificFields } from "../catalog/project-specific-fields.js";
import { isScope, scopes } from "../catalog/scopes.js";
import { jobStatuses, paymentStatuses } from "../policies/job-state.js";
import { jobAbilityActions, type JobAbilities, type JobRefusals } from "../policies/job.js";
import { myJobsFilters } from "../policies/my-jobs.js";
import { MAX_QUESTIONS } from "../wizard/analysis.js";
import { inputString, listCursorQuery, optionalText, paginationQuery, searchQuery } from "./common.js";

const MISSING = errorCatalogue.MISSING_FIELDS.message;

/** True when A and B are mutually assignable; used for compile-time checks that schemas match domain types. */
type Equals<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const isAbsent = (input: unknown) => input === undefined || input === null || input === "";

/** One of the six scope prices; a missing scope is a missing required field. */
export const scopeSchema = z.literal(scopes, {
  error: (issue) => (isAbsent(issue.input) ? MISSING : errorCatalogue.INVALID_SCOPE.message),
});

/** One of the 21 industries; a missing industry is a missing required field. */
export const industrySchema = z.enum(industries, {
  error: (issue) => (isAbsent(issue.input) ? MISSING : "Please choose one of the listed industries"),
});

/**
 * The chosen extras: every key optional, a missing one meaning not chosen. Unknown keys are refused, since a
 * misspelt extra would silently change the price.
 */
export const additionalServicesSchema = z.strictObject({
  /** content written for you: the larger of 20% of the scope and $40 */
  contentDevelopment: z.boolean().default(false),
  /** deployment to your host: the larger of 10% of the scope and $20 */
  deployment: z.boolean().default(false),
  /** production hardening: adds the scope price */
  productionReady: z.boolean().default(false),
  /** a technology stack of your choice: adds the scope price */
  customTechStack: z.boolean().default(false),
  /** hosting: doubles the running total */
  hosting: z.boolean().default(false),
}) satisfies z.ZodType<AdditionalServices, unknown>;

const text = () => optionalText(10_000).optional();
const flag = () => z.boolean().optional();

/** The 22 project-specific fields; each optional, text fields are strings and `needs…` fields booleans. */
export const projectSpecificFieldsSchema = z.strictObject({
  /** static: what the home page should say */
  homePageContent: text(),
  /** static: what the about-us page should say */
  aboutUsContent: text(),
  /** static: the mission and vision statement */
  missionVisionContent: text(),
  /** static: address, phone, email and opening hours to publish */
  contactInformation: text(),
  /** ecommerce: a shopping cart */
  needsShoppingCart: flag(),
  /** ecommerce: more than one payment method */
  needsMultiplePaymentOptions: flag(),
  /** ecommerce: stock tracking */
  needsInventoryManagement: flag(),
  /** ecommerce: customer accounts or memberships */
  needsMembershipLogin: flag(),
  /** ecommerce: taking payments online */
  needsPaymentProcessing: flag(),
  /** simple: a simple workflow (described in workflowDetails) */
  needsSimpleWorkflow: flag(),
  /** simple: the steps of the workflow */
  workflowDetails: text(),
  /** simple: simple AI features */
  needsSimpleAI: flag(),
  /** simple: a chatbot */
  needsChatbot: flag(),
  /** simple: user sign-up and login */
  needsAuthentication: flag(),
  /** simple: content that changes from data rather than fixed pages */
  needsDynamicContent: flag(),
  /** complex: natural language processing */
  needsNLP: flag(),
  /** complex: AI content generation */
  needsContentGeneration: flag(),
  /** complex: AI voice */
  needsAIVoice: flag(),
  /** complex: a multi-step workflow with branches and roles */
  needsComplexWorkflow: flag(),
  /** complex: automations (described in automationLogic) */
  needsAutomation: flag(),
  /** complex: what triggers each automation and what it does */
  automationLogic: text(),
  /** complex: task management */
  needsTaskManagement: flag(),
});
// Compile-time proof that the schema has exactly the 22 catalogue keys with the catalogue's value types.
const _projectSpecificFieldsMatch: Equals<keyof z.infer<typeof projectSpecificFieldsSchema>, ProjectSpecificFieldKey> &
  Equals<z.infer<typeof projectSpecificFieldsSchema>, Partial<ProjectSpecificFields>> = true;

/** A follow-up question with its answer; the answer may be blank (question collected, not answered). */
export const wizardAnswerSchema = z.object({
  /** the id the analysis gave the question (or the client's own id for a typed question) */
  questionId: inputString().trim().min(1, "Required").max(100),
  /** the question's text */
  question: inputString().trim().min(1, "Required").max(1_000),
  /** the answer; blank when skipped */
  answer: inputString().trim().max(5_000).default(""),
});
/** What a handler receives once `wizardAnswerSchema` has parsed the input. */
export type WizardAnswerBody = z.infer<typeof wizardAnswerSchema>;

/** The follow-up questions and answers of a job: at most 12, each question id once. */
export const wizardAnswersSchema = z
  .array(wizardAnswerSchema)
  .max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} follow-up questions`)
  .refine((answers) => new Set(answers.map((answer) => answer.questionId)).size === answers.length, "Each question may appear only once");

/** A list of known options, each at most once (repeats are dropped rather than refused). */
const optionList = <T extends readonly [string, ...string[]]>(options: T, what: string) =>
  z
    .array(z.enum(options, { error: `Please choose from the listed ${what}` }))
    .max(options.length)
    .transform((chosen) => [...new Set(chosen)]);

const jobFields = {
  /** the requirement's title (the form suggests 3-5 words) */
  title: inputString({ error: MISSING }).trim().min(1, MISSING).max(200, "At most 200 characters"),
  /** what should be built (the form suggests 10-200 words) */
  description: inputString({ error: MISSING }).trim().min(1, MISSING).max(20_000, "At most 20000 characters"),
  /** one of the 21 industries */
  industry: industrySchema,
  /** the chosen scope price; the server derives the budget from it */
  scope: scopeSchema,
  /** a delivery date the client wishes for (YYYY-MM-DD); the scope's own date is used when it has one */
  expectedDeliveryDate: z.iso.date("Please enter a date as YYYY-MM-DD").nullable().optional(),
  /** the chosen extras; when given, the object replaces the stored one as a whole */
  additionalServices: additionalServicesSchema.optional(),
  /** which technologies to build on, when the Custom Tech Stack extra is chosen (kept only while it is) */
  customTechStack: optionalText(2_000).optional(),
  /** who the product is for */
  targetAudience: text(),
  /** the must-have features */
  keyFeatures: text(),
  /** kinds of users, e.g. "Patients", "Doctors" */
  userCategories: z.array(inputString().trim().min(1, "Required").max(100)).max(20, "At most 20 user categories").optional(),
  /** people with a say in the project */
  stakeholders: text(),
  /** systems the product must work with */
  existingSystems: text(),
  /** compliance needs in the client's words */
  complianceRequirements: text(),
  /** ticked compliance regimes */
  complianceTypes: optionList(complianceOptions, "compliance options").optional(),
  /** ticked integrations */
  integrationSystems: optionList(integrationOptions, "integration options").optional(),
  /** the project-type-specific answers of step 2 */
  projectSpecificFields: projectSpecificFieldsSchema.optional(),
  /** the follow-up questions of step 4 with their answers */
  answers: wizardAnswersSchema.optional(),
  /** accepted for old clients and ignored: the budget is always computed by the server from scope and extras */
  budget: z.unknown().optional(),
};

// The budget must never reach a use case: stripping it here makes "never taken from the client" structural.
const withoutBudget = <T extends { budget?: unknown }>({ budget: _ignored, ...rest }: T): Omit<T, "budget"> => rest;

/** POST /api/jobs: title, description, industry and scope are required ('Missing fields' otherwise). */
export const jobCreateBody = z.object(jobFields).transform(withoutBudget);
/** What a handler receives once `jobCreateBody` has parsed the input. */
export type JobCreateBody = z.infer<typeof jobCreateBody>;

/** PUT /api/jobs/:id: every field optional; a field that is sent replaces the stored value. */
export const jobUpdateBody = z.object(jobFields).partial().transform(withoutBudget);
/** What a handler receives once `jobUpdateBody` has parsed the input. */
export type JobUpdateBody = z.infer<typeof jobUpdateBody>;

/** GET /api/jobs: all live jobs, newest first, optionally searched; by page number or by cursor. */
export const jobsListQuery = paginationQuery.extend(searchQuery.shape).extend(listCursorQuery.shape);
/** What a handler receives once `jobsListQuery` has parsed the input. */
export type JobsListQuery = z.infer<typeof jobsListQuery>;

/** GET /api/jobs/mine */
export const myJobsQuery = paginationQuery.extend(listCursorQuery.shape).extend({
  /** all, in_progress, completed, unpaid (completed and not paid) or paid */
  filter: z.enum(myJobsFilters, { error: "Unknown filter" }).default("all"),
});
/** What a handler receives once `myJobsQuery` has parsed the input. */
export type MyJobsQuery = z.infer<typeof myJobsQuery>;

/** POST /api/quote */
export const quoteBody = z.object({
  /** the scope price to quote */
  scope: scopeSchema,
  /** the extras to add; none when absent */
  additionalServices: additionalServicesSchema.default(() => ({
    contentDevelopment: false,
    deployment: false,
    productionReady: false,
    customTechStack: false,
    hosting: false,
  })),
});
/** What a handler receives once `quoteBody` has parsed the input. */
export type QuoteBody = z.infer<typeof quoteBody>;

/** The wizard's form as the analysis receives it: every field optional, since it may be half filled. */
export const wizardFormSchema = z
  .object({
    /** the title so far */
    title: inputString().max(200).optional(),
    /** the description so far */
    description: inputString().max(20_000).optional(),
    /** the industry; an unlisted one just gets no industry questions */
    industry: inputString().max(100).optional(),
    /** the chosen scope, if any */
    scope: z.preprocess((value) => (value === "" ? null : value), scopeSchema.nullable().optional()),
    /** the spec's form calls the scope "budget"; used when scope is absent and it holds a scope price */
    budget: z.unknown().optional(),
    /** the chosen extras */
    additionalServices: additionalServicesSchema.partial().optional(),
    /** who the product is for */
    targetAudience: inputString().max(10_000).optional(),
    /** the must-have features */
    keyFeatures: inputString().max(10_000).optional(),
    /** kinds of users */
    userCategories: z.array(inputString().max(100)).max(20).optional(),
    /** people with a say */
    stakeholders: inputString().max(10_000).optional(),
    /** systems to work with */
    existingSystems: inputString().max(10_000).optional(),
    /** compliance needs in words */
    complianceRequirements: inputString().max(10_000).optional(),
    /** ticked compliance regimes */
    complianceTypes: z.array(inputString().max(100)).max(20).optional(),
    /** ticked integrations */
    integrationSystems: z.array(inputString().max(100)).max(20).optional(),
    /** the project-specific answers */
    projectSpecificFields: projectSpecificFieldsSchema.optional(),
  })
  .transform(({ budget, ...form }) => ({ ...form, scope: form.scope ?? (isScope(budget) ? budget : null) }));
/** What a handler receives once `wizardFormSchema` has parsed the input. */
export type WizardFormBody = z.infer<typeof wizardFormSchema>;

/** POST /api/wizard/analysis */
export const wizardAnalysisBody = z.object({
  /** the wizard's form state */
  form: wizardFormSchema.default(() => ({ scope: null })),
  /** the questions collected so far, with answers (blank when skipped) */
  answers: wizardAnswersSchema.default([]),
});
/** What a handler receives once `wizardAnalysisBody` has parsed the input. */
export type WizardAnalysisBody = z.infer<typeof wizardAnalysisBody>;

/** The `can` object of every job (API.md, plus the task-level abilities). */
export const abilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  createBreakdown: z.boolean(),
  regenerateBreakdown: z.boolean(),
  viewBreakdown: z.boolean(),
  editTasks: z.boolean(),
  lock: z.boolean(),
  unlock: z.boolean(),
  start: z.boolean(),
  complete: z.boolean(),
  pay: z.boolean(),
  requestChange: z.boolean(),
  updateTaskStatus: z.boolean(),
  commentTask: z.boolean(),
  communicate: z.boolean(),
  /** the delivery transitions on this job (docs/lifecycle.md): submit a story, approve it, request changes, dispute */
  submit: z.boolean(),
  approve: z.boolean(),
  requestChanges: z.boolean(),
  dispute: z.boolean(),
}) satisfies z.ZodType<JobAbilities>;
/** The shape `abilitiesSchema` describes. */
export type Abilities = z.infer<typeof abilitiesSchema>;
// The schema lists exactly the policy's ability actions.
const _abilitiesMatch: Equals<keyof Abilities, (typeof jobAbilityActions)[number]> = true;

/** A refusal as the error body words it: what the server answers a request `can` refuses. */
export const refusalSchema = z.object({
  code: z.enum(Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]]),
  title: z.string(),
  message: z.string(),
});

/** The `why` object of every job: the refusal of each action its `can` refuses, and no key for what it allows. */
export const refusalsSchema = z.partialRecord(z.enum(jobAbilityActions), refusalSchema) satisfies z.ZodType<JobRefusals>;
/** The shape `refusalsSchema` describes. */
export type Refusals = z.infer<typeof refusalsSchema>;

const isoDateTime = z.string();

/** A job as the API returns it. */
export const jobSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  industry: z.string(),
  /** the chosen scope price */
  scope: z.number(),
  /** the total the client pays: scope plus extras, in dollars */
  budget: z.number(),
  status: z.enum(jobStatuses),
  paymentStatus: z.enum(paymentStatuses),
  locked: z.boolean(),
  ownerId: z.string(),
  ownerName: z.string(),
  /** the user id of the freelancer who started the job */
  freelancerId: z.string().nullable(),
  startedAt: isoDateTime.nullable(),
  /** YYYY-MM-DD */
  expectedDeliveryDate: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  hasStories: z.boolean(),
  hasCommunication: z.boolean(),
  /** what the current user may do with the job now */
  can: abilitiesSchema,
  /** why, for each action `can` refuses: the server's own refusal of that request */
  why: refusalsSchema,
  /** the job's money from the ledger, on the job's own page, for its owner, its assigned freelancer and admins only */
  money: jobMoneySumsSchema.optional(),
});
/** The shape `jobSchema` describes. */
export type Job = z.infer<typeof jobSchema>;

/** An attached file as listed with the requirements. */
export const jobFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** bytes */
  size: z.number().int(),
  url: z.string(),
});
/** The shape `jobFileSchema` describes. */
export type JobFile = z.infer<typeof jobFileSchema>;

/** A job's requirements as the API returns them. */
export const requirementsSchema = z.object({
  industry: z.string(),
  targetAudience: z.string(),
  keyFeatures: z.string(),
  userCategories: z.array(z.string()),
  stakeholders: z.string(),
  existingSystems: z.string(),
  complianceRequirements: z.string(),
  complianceTypes: z.array(z.string()),
  integrationSystems: z.array(z.string()),
  additionalServices: z.object({
    contentDevelopment: z.boolean(),
    deployment: z.boolean(),
    productionReady: z.boolean(),
    customTechStack: z.boolean(),
    hosting: z.boolean(),
  }) satisfies z.ZodType<AdditionalServices>,
  /** the stack the client named for the Custom Tech Stack extra; "" when none */
  customTechStack: z.string(),
  projectSpecificFields: projectSpecificFieldsSchema,
  answers: z.array(z.object({ questionId: z.string(), question: z.string(), answer: z.string() })),
  files: z.array(jobFileSchema),
});
/** The shape `requirementsSchema` describes. */
export type Requirements = z.infer<typeof requirementsSchema>;

/** The body of `GET /api/jobs/:id`, `POST /api/jobs` and `PUT /api/jobs/:id`. */
export const jobWithRequirementsSchema = z.object({ job: jobSchema, requirements: requirementsSchema });
/** The shape `jobWithRequirementsSchema` describes. */
export type JobWithRequirements = z.infer<typeof jobWithRequirementsSchema>;
