/**
 * The 22 project-specific requirement fields of the spec, each tied to the project type whose wizard step 2
 * asks for it. Yes/no questions are `needs…` booleans; the rest are free text.
 */
import type { ProjectType } from "./scopes.js";

/** The 22 keys of `projectSpecificFields`, grouped by project type (static, ecommerce, simple, complex). */
export const projectSpecificFieldKeys = [
  "homePageContent",
  "aboutUsContent",
  "missionVisionContent",
  "contactInformation",
  "needsShoppingCart",
  "needsMultiplePaymentOptions",
  "needsInventoryManagement",
  "needsMembershipLogin",
  "needsPaymentProcessing",
  "needsSimpleWorkflow",
  "workflowDetails",
  "needsSimpleAI",
  "needsChatbot",
  "needsAuthentication",
  "needsDynamicContent",
  "needsNLP",
  "needsContentGeneration",
  "needsAIVoice",
  "needsComplexWorkflow",
  "needsAutomation",
  "automationLogic",
  "needsTaskManagement",
] as const;

/** One project-specific field key. */
export type ProjectSpecificFieldKey = (typeof projectSpecificFieldKeys)[number];

/** The keys that hold free text; every other key is a yes/no flag. */
export const projectSpecificTextKeys = [
  "homePageContent",
  "aboutUsContent",
  "missionVisionContent",
  "contactInformation",
  "workflowDetails",
  "automationLogic",
] as const satisfies readonly ProjectSpecificFieldKey[];

type TextKey = (typeof projectSpecificTextKeys)[number];
type FlagKey = Exclude<ProjectSpecificFieldKey, TextKey>;

/** The stored project-specific answers: text fields are strings, `needs…` fields are booleans. */
export type ProjectSpecificFields = { [K in TextKey]: string } & { [K in FlagKey]: boolean };

/** How the wizard renders and stores one project-specific field. */
export interface ProjectSpecificFieldDefinition {
  key: ProjectSpecificFieldKey;
  /** "boolean" renders a yes/no switch, "text" a multi-line text box */
  type: "boolean" | "text";
  /** the project type whose step 2 shows the field */
  projectType: Exclude<ProjectType, "trial">;
  label: string;
  /** a text field that only matters once this flag is on (shown beneath it) */
  dependsOn?: FlagKey;
}

const text = (
  key: TextKey,
  projectType: ProjectSpecificFieldDefinition["projectType"],
  label: string,
  dependsOn?: FlagKey,
): ProjectSpecificFieldDefinition => ({ key, type: "text", projectType, label, ...(dependsOn ? { dependsOn } : {}) });

const flag = (key: FlagKey, projectType: ProjectSpecificFieldDefinition["projectType"], label: string): ProjectSpecificFieldDefinition => ({
  key,
  type: "boolean",
  projectType,
  label,
});

/** Every project-specific field in display order, each with its type, project type and label. */
export const projectSpecificFieldDefinitions: readonly ProjectSpecificFieldDefinition[] = [
  text("homePageContent", "static", "Home page content"),
  text("aboutUsContent", "static", "About us content"),
  text("missionVisionContent", "static", "Mission and vision"),
  text("contactInformation", "static", "Contact information"),

  flag("needsShoppingCart", "ecommerce", "Shopping cart"),
  flag("needsMultiplePaymentOptions", "ecommerce", "Multiple payment options"),
  flag("needsInventoryManagement", "ecommerce", "Inventory management"),
  flag("needsMembershipLogin", "ecommerce", "Membership login"),
  flag("needsPaymentProcessing", "ecommerce", "Payment processing"),

  flag("needsSimpleWorkflow", "simple", "Simple workflow"),
  text("workflowDetails", "simple", "Workflow details", "needsSimpleWorkflow"),
  flag("needsSimpleAI", "simple", "Simple AI features"),
  flag("needsChatbot", "simple", "Chatbot"),
  flag("needsAuthentication", "simple", "User authentication"),
  flag("needsDynamicContent", "simple", "Dynamic content"),

  flag("needsNLP", "complex", "Natural language processing (NLP)"),
  flag("needsContentGeneration", "complex", "AI content generation"),
  flag("needsAIVoice", "complex", "AI voice"),
  flag("needsComplexWorkflow", "complex", "Complex workflow"),
  flag("needsAutomation", "complex", "Automation"),
  text("automationLogic", "complex", "Automation logic", "needsAutomation"),
  flag("needsTaskManagement", "complex", "Task management"),
];

/**
 * The project-specific fields the wizard shows for a project type, in display order.
 * @param projectType the type bought by the chosen scope
 * @returns the field definitions of that type (none for a trial)
 */
export function projectSpecificFieldsFor(projectType: ProjectType): ProjectSpecificFieldDefinition[] {
  return projectSpecificFieldDefinitions.filter((definition) => definition.projectType === projectType);
}
