/**
 * The follow-up question bank: three default questions asked of every job, then questions for the job's industry,
 * its project type and finally general ones, so at least 12 candidates exist for any form
 * (3 defaults + 9 general ones even before a scope is chosen).
 */
import { isIndustry, type Industry } from "../catalog/options.js";
import { isScope, projectTypeOf, type ProjectType } from "../catalog/scopes.js";
import type { FollowUpQuestion, WizardForm } from "./form.js";

/** A bank entry: a question, and when the form already answers it. */
export interface BankQuestion extends FollowUpQuestion {
  /** true when the form already answers the question, so asking it would waste one of the 12 */
  skipWhen?: (form: WizardForm) => boolean;
}

const has = (list: readonly string[] | undefined, item: string): boolean => list?.includes(item) ?? false;

/** The first three questions, offered to every client before anything else (spec part 1 §9). */
export const defaultQuestions: readonly BankQuestion[] = [
  { id: "default-outcome", question: "What is the single most important outcome you expect from this project?" },
  {
    id: "default-users",
    question: "Who are the primary users, and what must each of them be able to do on their first visit?",
  },
  {
    id: "default-branding",
    question: "Do you have existing branding (logo, colours, fonts) or example sites we should follow?",
  },
];

/** Questions specific to the kind of software the scope buys. */
export const projectTypeQuestions: Readonly<Record<ProjectType, readonly BankQuestion[]>> = {
  trial: [
    { id: "trial-goal", question: "What do you want to learn from this trial before committing to a full project?" },
    {
      id: "trial-deliverable",
      question: "Which result of the trial would help you most: a requirements review, a plan or a prototype outline?",
    },
    { id: "trial-next-scope", question: "Which scope do you expect the full project to need, and by when?" },
    { id: "trial-risks", question: "Which part of your idea are you least sure is feasible?" },
  ],
  static: [
    { id: "static-pages", question: "Which pages should the site have (up to 5), and what is the purpose of each?" },
    {
      id: "static-content",
      question: "Do you already have the text and images for every page, or do they still need to be written?",
      // Content development is a paid extra: when chosen, the text is ours to write.
      skipWhen: (form) => form.additionalServices?.contentDevelopment === true,
    },
    {
      id: "static-contact-form",
      question: "Should visitors be able to reach you through a contact form, and where should messages go?",
    },
    { id: "static-languages", question: "Does the site need more than one language?" },
    { id: "static-domain", question: "Do you already own a domain name for the site?" },
    { id: "static-seo", question: "Which search terms should the site be found for?" },
  ],
  ecommerce: [
    {
      id: "ecommerce-catalogue",
      question: "How many products will you sell at launch, and how many variants (size, colour) does a typical product have?",
    },
    {
      id: "ecommerce-payments",
      question: "Which payment methods must checkout accept (cards, PayPal, Apple Pay, bank transfer)?",
    },
    { id: "ecommerce-shipping", question: "Which countries do you ship to, and how should shipping costs be calculated?" },
    {
      id: "ecommerce-goods",
      question: "Do you sell physical goods, digital downloads, subscriptions or services?",
    },
    {
      id: "ecommerce-accounts",
      question: "Must customers create an account, or should guest checkout be allowed?",
      skipWhen: (form) => form.projectSpecificFields?.needsMembershipLogin === true,
    },
    { id: "ecommerce-taxes", question: "How should sales tax or VAT be calculated for your customers?" },
    { id: "ecommerce-promotions", question: "Do you need discount codes, promotions or gift cards?" },
  ],
  simple: [
    {
      id: "simple-workflow",
      question: "Describe the main workflow step by step, from the user's first action to the final result.",
      skipWhen: (form) => (form.projectSpecificFields?.workflowDetails?.trim() ?? "") !== "",
    },
    { id: "simple-roles", question: "Which user roles does the application need, and what may each role do?" },
    {
      id: "simple-integrations",
      question: "Which two external systems should the application integrate with, and what data flows between them?",
    },
    { id: "simple-data", question: "What data does the application store, and who may see or change it?" },
    { id: "simple-notifications", question: "Should the application send notifications (email, SMS, in-app), and when?" },
    {
      id: "simple-chatbot",
      question: "What should the chatbot be able to answer, and when should it hand over to a person?",
      skipWhen: (form) => form.projectSpecificFields?.needsChatbot !== true,
    },
  ],
  complex: [
    {
      id: "complex-ai",
      question: "Which AI capabilities are essential (language understanding, content generation, voice, vision), and what must each do?",
    },
    {
      id: "complex-automation",
      question: "Which tasks should be automated end to end, and what triggers each automation?",
      skipWhen: (form) => (form.projectSpecificFields?.automationLogic?.trim() ?? "") !== "",
    },
    { id: "complex-integrations", question: "Which systems (up to five) must the application integrate with?" },
    { id: "complex-volume", question: "How many users, requests or documents do you expect in the first year?" },
    {
      id: "complex-oversight",
      question: "Which decisions may the AI take on its own, and which must a person approve?",
    },
    {
      id: "complex-knowledge",
      question: "Do you have documents, data or knowledge bases the AI should learn from or search?",
    },
    {
      id: "complex-operations",
      question: "What are your requirements for uptime, response time and data retention?",
    },
  ],
};

/** Questions for industries whose rules change what must be built; other industries have none. */
export const industryQuestions: Readonly<Partial<Record<Industry, readonly BankQuestion[]>>> = {
  Healthcare: [
    {
      id: "healthcare-patient-data",
      question: "Will the system store or process patient data, and must it comply with HIPAA?",
      skipWhen: (form) => has(form.complianceTypes, "HIPAA"),
    },
    {
      id: "healthcare-users",
      question: "Do clinicians, patients or both use the system, and may they share records with each other?",
    },
  ],
  Finance: [
    {
      id: "finance-transactions",
      question: "Will the application process financial transactions or hold balances, and in what volumes?",
    },
    {
      id: "finance-verification",
      question: "Do you need identity verification (KYC) or an audit trail for regulators?",
      skipWhen: (form) => has(form.complianceTypes, "KYC"),
    },
  ],
  Education: [
    {
      id: "education-minors",
      question: "Will any users be under 13, so that parental consent rules (COPPA) apply?",
      skipWhen: (form) => has(form.complianceTypes, "COPPA"),
    },
    { id: "education-progress", question: "Do you need to track learner progress, grades or certificates?" },
  ],
  Insurance: [{ id: "insurance-claims", question: "Should customers be able to file and follow claims through the application?" }],
  Legal: [{ id: "legal-documents", question: "Which documents must be stored, who may see them and how long must they be kept?" }],
  "Real Estate": [{ id: "real-estate-listings", question: "Do property listings need search filters, maps or virtual tours?" }],
};

/** General questions that suit any job; they make sure 12 candidates always exist. */
export const generalQuestions: readonly BankQuestion[] = [
  { id: "general-deadline", question: "Is there a launch date or event the delivery must meet?" },
  { id: "general-devices", question: "Which devices and browsers must be supported?" },
  { id: "general-accessibility", question: "Are there accessibility requirements, such as WCAG conformance?" },
  {
    id: "general-maintenance",
    question: "Who will maintain the product after delivery, and do they need documentation or training?",
  },
  { id: "general-later", question: "Which features could wait for a later version if time is short?" },
  { id: "general-exclusions", question: "Is there anything that must definitely not be part of this project?" },
  { id: "general-existing-data", question: "Is there existing data that must be imported into the new product?" },
  { id: "general-reports", question: "Do you need analytics or reports, and which numbers matter most to you?" },
  {
    id: "general-trade-offs",
    question: "If you had to choose, which matters most: delivery speed, visual polish or the number of features?",
  },
];

/**
 * Every question the bank would ask for this form, in asking order: the three defaults, the industry's, the
 * project type's, then the general ones, leaving out those the form already answers.
 * @param form the wizard's form state
 * @returns the candidate questions, at least 12 for any form
 */
export function candidateQuestions(form: WizardForm): BankQuestion[] {
  const projectType = isScope(form.scope) ? projectTypeOf(form.scope) : null;
  const tailored = [
    ...(isIndustry(form.industry) ? (industryQuestions[form.industry] ?? []) : []),
    ...(projectType ? projectTypeQuestions[projectType] : []),
    ...generalQuestions,
  ].filter((question) => !question.skipWhen?.(form));
  // The defaults are never skipped: the spec offers the first three to everyone.
  return [...defaultQuestions, ...tailored];
}
