import type { AdditionalServices, Industry, ProjectSpecificFields, Scope } from "@forgehire/core";

type JobState = "open" | "locked" | "paid" | "in_progress" | "completed_unpaid" | "completed_paid";

/** One demo job per state a job can be in, so every screen has something to show. */
export const demoJobs: Array<{
  owner: string;
  state: JobState;
  freelancer?: string;
  title: string;
  description: string;
  industry: Industry;
  scope: Scope;
  additionalServices: Partial<AdditionalServices>;
  targetAudience: string;
  keyFeatures: string;
  projectSpecificFields: Partial<ProjectSpecificFields>;
  complianceTypes: string[];
  integrationSystems: string[];
  answers: Array<{ question: string; answer: string }>;
  /** how many days ago it was posted, when not by its place in the list (a day apart, older first) */
  postedDaysAgo?: number;
}> = [
  {
    owner: "alice",
    state: "open",
    title: "Bakery Landing Page",
    description: "A five-page website for a neighbourhood bakery: menu, opening hours, story of the family and a contact form.",
    industry: "Food & Beverage",
    scope: 50,
    additionalServices: { contentDevelopment: true },
    targetAudience: "Local families and office workers nearby",
    keyFeatures: "Menu with prices, opening hours, contact form, map",
    projectSpecificFields: { homePageContent: "Fresh bread every morning since 1987", contactInformation: "12 Baker Street, 555-0100" },
    complianceTypes: [],
    integrationSystems: [],
    answers: [{ question: "Do you already have photos of your products?", answer: "Yes, about 30 photos." }],
  },
  {
    owner: "alice",
    state: "locked",
    title: "Pet Supplies Online Store",
    description: "An online shop for pet food and accessories with about 100 products, card payments and stock tracking.",
    industry: "E-commerce & Retail",
    scope: 500,
    additionalServices: { deployment: true, hosting: true },
    targetAudience: "Pet owners in the region",
    keyFeatures: "Product catalogue, shopping cart, card payments, order emails",
    projectSpecificFields: { needsShoppingCart: true, needsPaymentProcessing: true, needsInventoryManagement: true },
    complianceTypes: ["GDPR", "PCI DSS"],
    integrationSystems: ["Email Systems"],
    answers: [
      { question: "How many products will the store carry?", answer: "About 100 at launch." },
      { question: "Which payment methods do you need?", answer: "Cards only for now." },
      { question: "Do you ship or offer pickup?", answer: "Both." },
    ],
  },
  {
    owner: "bruno",
    state: "paid",
    title: "Clinic Appointment App",
    description: "Patients book, move and cancel appointments online; staff see the day's schedule and send reminders.",
    industry: "Healthcare",
    scope: 1999,
    additionalServices: { productionReady: true },
    targetAudience: "Patients of a three-doctor clinic and its front desk",
    keyFeatures: "Booking, reminders by email, staff calendar",
    projectSpecificFields: { needsAuthentication: true, needsSimpleWorkflow: true, workflowDetails: "Booking → confirmation → reminder 24 h before" },
    complianceTypes: ["HIPAA"],
    integrationSystems: ["Calendly", "Email Systems"],
    answers: [],
  },
  {
    owner: "bruno",
    state: "in_progress",
    freelancer: "atlas",
    title: "Customer Support Chatbot",
    description: "A chatbot that answers customer questions from our help center articles and hands over to a person when unsure.",
    industry: "Technology & SaaS",
    scope: 4999,
    additionalServices: { deployment: true },
    targetAudience: "Customers of our SaaS product",
    keyFeatures: "Answers from documents, human handover, weekly report of top questions",
    projectSpecificFields: { needsNLP: true, needsAutomation: true, automationLogic: "Escalate when confidence is low", needsTaskManagement: true },
    complianceTypes: ["GDPR"],
    integrationSystems: ["CRM Software", "Zoom"],
    answers: [],
  },
  {
    owner: "alice",
    state: "completed_unpaid",
    freelancer: "nova",
    title: "Real Estate Listings Site",
    description: "A site listing apartments for rent with filters by price, rooms and neighbourhood, and an enquiry form.",
    industry: "Real Estate",
    scope: 1999,
    additionalServices: {},
    targetAudience: "People looking to rent in the city",
    keyFeatures: "Listings, filters, enquiry form",
    projectSpecificFields: { needsDynamicContent: true },
    complianceTypes: [],
    integrationSystems: [],
    answers: [],
  },
  {
    owner: "bruno",
    state: "completed_paid",
    freelancer: "echo",
    title: "Fitness Coaching Portal",
    description: "Members follow training plans, log workouts and listen to AI-voiced coaching sessions.",
    industry: "Fitness & Wellness",
    scope: 4999,
    additionalServices: { contentDevelopment: true },
    targetAudience: "Members of an online fitness coaching program",
    keyFeatures: "Training plans, workout log, voice coaching",
    projectSpecificFields: { needsAIVoice: true, needsContentGeneration: true, needsMembershipLogin: true },
    complianceTypes: [],
    integrationSystems: [],
    answers: [],
  },
  {
    // Completed more than 14 days ago: its client's review was published without the freelancer's (issue 19). Last in
    // the list, so the other demo jobs keep their ids.
    owner: "alice",
    state: "completed_paid",
    freelancer: "atlas",
    postedDaysAgo: 20,
    title: "Bakery Pre-Order Form",
    description: "Customers pre-order cakes and bread for a pickup day; the bakery sees each day's orders on one page.",
    industry: "Food & Beverage",
    scope: 50,
    additionalServices: {},
    targetAudience: "Customers of a neighbourhood bakery",
    keyFeatures: "Pre-order form, pickup day, daily order list",
    projectSpecificFields: { needsSimpleWorkflow: true, workflowDetails: "Order → confirmation → pickup" },
    complianceTypes: [],
    integrationSystems: ["Email Systems"],
    answers: [],
  },
];
