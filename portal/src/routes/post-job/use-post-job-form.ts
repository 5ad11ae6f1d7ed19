import { useReducer } from "react";
import type { Dispatch } from "react";
import {
  complianceOptions,
  deliveryDateProblem,
  integrationOptions,
  isIndustry,
  isScope,
  noAdditionalServices,
  projectSpecificFieldsFor,
  projectTypeOf,
} from "@forgehire/core";
import type {
  AdditionalServiceKey,
  ComplianceOption,
  FollowUpQuestion,
  Industry,
  IntegrationOption,
  JobCreateBody,
  JobWithRequirements,
  ProjectSpecificFieldKey,
  Scope,
  WizardForm,
} from "@forgehire/core";

type Body = Required<JobCreateBody>;

/**
 * The wizard's form state (spec part 1 §3): the body of POST /api/jobs, except that industry and scope may still
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

export interface PostJobFormState {
  /** 0-based index into `steps` */
  step: number;
  draft: JobDraft;
  /** true once the user picked a delivery date; until then the date follows the quote of the chosen scope */
  deliveryDateTouched: boolean;
  /** the scope whose quote last set the delivery date (the job's own scope when editing) */
  deliveryDateScope: Scope | null;
  /** files picked on step 4, uploaded once the job is saved */
  files: File[];
  /** the job's stored delivery date when editing: kept even once it has passed, as the server keeps it */
  savedDeliveryDate: string | null;
}

type TextKey = "title" | "description" | "targetAudience" | "keyFeatures" | "stakeholders" | "existingSystems" | "complianceRequirements";

export type PostJobAction =
  | { type: "setText"; field: TextKey; value: string }
  | { type: "setIndustry"; value: Industry }
  | { type: "setScope"; value: Scope }
  | { type: "setService"; key: AdditionalServiceKey; checked: boolean }
  | { type: "setDeliveryDate"; value: string }
  | { type: "defaultDeliveryDate"; scope: Scope; value: string | null }
  | { type: "setUserCategories"; value: string[] }
  | { type: "setProjectField"; key: ProjectSpecificFieldKey; value: string | boolean }
  | { type: "setCompliance"; value: ComplianceOption; checked: boolean }
  | { type: "setIntegration"; value: IntegrationOption; checked: boolean }
  | { type: "addQuestions"; questions: readonly FollowUpQuestion[] }
  | { type: "setAnswer"; questionId: string; answer: string }
  | { type: "addFiles"; files: readonly File[] }
  | { type: "removeFile"; index: number }
  | { type: "goTo"; step: number };

export type PostJobDispatch = Dispatch<PostJobAction>;

const emptyDraft: JobDraft = {
  title: "",
  description: "",
  industry: "",
  scope: null,
  expectedDeliveryDate: "",
  additionalServices: { ...noAdditionalServices },
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

function toggled<T>(list: readonly T[], value: T, checked: boolean): T[] {
  const without = list.filter((item) => item !== value);
  return checked ? [...without, value] : without;
}

const isOneOf = <T extends string>(options: readonly T[]) => (value: string): value is T => (options as readonly string[]).includes(value);

/**
 * The form of a stored job, for editing: every step prefilled from the job and its requirements.
 * @param saved the answer of GET /api/jobs/:id, or undefined for a new requirement
 */
export function initialPostJobState(saved?: JobWithRequirements): PostJobFormState {
  if (!saved) return { step: 0, draft: emptyDraft, deliveryDateTouched: false, deliveryDateScope: null, files: [], savedDeliveryDate: null };
  const { job, requirements } = saved;
  const industry = requirements.industry || job.industry;
  const scope = isScope(job.scope) ? job.scope : null;
  return {
    step: 0,
    draft: {
      title: job.title,
      description: job.description,
      industry: isIndustry(industry) ? industry : "",
      scope,
      expectedDeliveryDate: job.expectedDeliveryDate?.slice(0, 10) ?? "",
      additionalServices: { ...noAdditionalServices, ...requirements.additionalServices },
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
    },
    // The stored date stands until the scope changes.
    deliveryDateTouched: false,
    deliveryDateScope: scope,
    files: [],
    savedDeliveryDate: job.expectedDeliveryDate?.slice(0, 10) ?? null,
  };
}

function reducer(state: PostJobFormState, action: PostJobAction): PostJobFormState {
  const draft = state.draft;
  const withDraft = (changes: Partial<JobDraft>): PostJobFormState => ({ ...state, draft: { ...draft, ...changes } });
  switch (action.type) {
    case "setText":
      return withDraft({ [action.field]: action.value });
    case "setIndustry":
      return withDraft({ industry: action.value });
    case "setScope":
      return withDraft({ scope: action.value });
    case "setService":
      return withDraft({ additionalServices: { ...draft.additionalServices, [action.key]: action.checked } });
    case "setDeliveryDate":
      return { ...withDraft({ expectedDeliveryDate: action.value }), deliveryDateTouched: true };
    case "defaultDeliveryDate":
      if (state.deliveryDateTouched || action.scope !== draft.scope) return state;
      return { ...withDraft({ expectedDeliveryDate: action.value ?? "" }), deliveryDateScope: action.scope };
    case "setUserCategories":
      return withDraft({ userCategories: action.value });
    case "setProjectField":
      return withDraft({ projectSpecificFields: { ...draft.projectSpecificFields, [action.key]: action.value } });
    case "setCompliance":
      return withDraft({ complianceTypes: toggled(draft.complianceTypes, action.value, action.checked) });
    case "setIntegration":
      return withDraft({ integrationSystems: toggled(draft.integrationSystems, action.value, action.checked) });
    case "addQuestions": {
      const known = new Set(draft.answers.map((answer) => answer.questionId));
      const added = action.questions
        .filter((question) => !known.has(question.id))
        .map((question) => ({ questionId: question.id, question: question.question, answer: "" }));
      return added.length === 0 ? state : withDraft({ answers: [...draft.answers, ...added] });
    }
    case "setAnswer":
      return withDraft({
        answers: draft.answers.map((answer) => (answer.questionId === action.questionId ? { ...answer, answer: action.answer } : answer)),
      });
    case "addFiles":
      return { ...state, files: [...state.files, ...action.files] };
    case "removeFile":
      return { ...state, files: state.files.filter((_file, index) => index !== action.index) };
    case "goTo":
      return { ...state, step: Math.min(Math.max(action.step, 0), LAST_STEP) };
  }
}

/** Whether step 1's required fields are filled: title, description, scope and industry. */
export function hasRequiredFields(draft: JobDraft): boolean {
  return draft.title.trim() !== "" && draft.description.trim() !== "" && draft.industry !== "" && draft.scope !== null;
}

/** Today's date where the client is, as YYYY-MM-DD (the date input works in local dates). */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Why the chosen delivery date is refused (a date in the past), or null; the server applies the same rule.
 * @param state the form state
 */
export function deliveryDateError(state: PostJobFormState): string | null {
  return deliveryDateProblem(state.draft.expectedDeliveryDate, localToday(), state.savedDeliveryDate);
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
    sent[definition.key] = typeof value === "string" ? value.trim() : value;
  }
  return sent as DraftProjectFields;
}

/**
 * The body of POST /api/jobs (and PUT in edit mode) from the form.
 * @param draft the form state
 * @returns the body, or null while a required field is missing
 */
export function toJobBody(draft: JobDraft): JobCreateBody | null {
  if (!hasRequiredFields(draft) || draft.industry === "" || draft.scope === null) return null;
  return {
    ...draft,
    title: draft.title.trim(),
    description: draft.description.trim(),
    industry: draft.industry,
    scope: draft.scope,
    expectedDeliveryDate: draft.expectedDeliveryDate || null,
    userCategories: draft.userCategories.map((category) => category.trim()).filter(Boolean),
    projectSpecificFields: projectFieldsToSend(draft.scope, draft.projectSpecificFields),
    answers: draft.answers.map((answer) => ({ ...answer, answer: answer.answer.trim() })),
  };
}

/**
 * The form as the follow-up analysis reads it (POST /api/wizard/analysis).
 * @param draft the form state
 */
export function toWizardForm(draft: JobDraft): WizardForm {
  const { answers: _answers, expectedDeliveryDate: _date, industry, ...rest } = draft;
  return { ...rest, industry: industry || undefined };
}

/**
 * The posting wizard's state in one reducer: the step, the form typed from core's JobCreateBody, and the files.
 * @param saved the job to edit, or undefined to post a new one
 */
export function usePostJobForm(saved?: JobWithRequirements) {
  const [state, dispatch] = useReducer(reducer, saved, initialPostJobState);
  return { state, dispatch };
}
