/**
 * The fixed option lists of the catalogue. The spec names only their sizes for industries, skills, domains and
 * languages; the contents below are our choice and are the single source for the server, portal and CLI.
 */

/** The 21 industries a job can belong to; "Others" is always last. */
export const industries = [
  "Healthcare",
  "Finance",
  "Education",
  "E-commerce & Retail",
  "Real Estate",
  "Travel & Hospitality",
  "Manufacturing",
  "Logistics & Transportation",
  "Media & Entertainment",
  "Marketing & Advertising",
  "Legal",
  "Insurance",
  "Government & Public Sector",
  "Non-profit",
  "Agriculture",
  "Energy & Utilities",
  "Technology & SaaS",
  "Automotive",
  "Food & Beverage",
  "Fitness & Wellness",
  "Others",
] as const;

/** One of the 21 industries. */
export type Industry = (typeof industries)[number];

/**
 * Whether a value is one of the 21 industries.
 * @param value any value, typically from a form
 * @returns true for a listed industry (exact spelling)
 */
export function isIndustry(value: unknown): value is Industry {
  return typeof value === "string" && (industries as readonly string[]).includes(value);
}

/** The compliance regimes a client can tick (spec part 1 §9). */
export const complianceOptions = ["GDPR", "HIPAA", "COPPA", "PCI DSS", "KYC", "Others"] as const;

/** One compliance option. */
export type ComplianceOption = (typeof complianceOptions)[number];

/** The systems a client can ask to integrate with (spec part 1 §9). */
export const integrationOptions = ["Calendly", "Zoom", "Email Systems", "CRM Software", "Others"] as const;

/** One integration option. */
export type IntegrationOption = (typeof integrationOptions)[number];

/** The keys of the paid extras, in the order the quote applies them (hosting must stay last: it doubles). */
export const additionalServiceKeys = ["contentDevelopment", "deployment", "productionReady", "customTechStack", "hosting"] as const;

/** The key of one paid extra. */
export type AdditionalServiceKey = (typeof additionalServiceKeys)[number];

/** Which extras a job has: the spec stores one boolean per extra. */
export type AdditionalServices = Record<AdditionalServiceKey, boolean>;

/** A paid extra as the catalogue offers it: what it includes and how it is priced, in the quote's own rule. */
export interface AdditionalServiceDefinition {
  key: AdditionalServiceKey;
  label: string;
  /** what the client gets */
  includes: string;
  /** what it adds to the price (the rule quote() applies) */
  pricing: string;
}

/** The paid extras with their display labels, in pricing order. */
export const additionalServices: readonly AdditionalServiceDefinition[] = [
  {
    key: "contentDevelopment",
    label: "Content Development",
    includes: "The text of your pages written for you: home, about, product and service copy.",
    pricing: "Adds 20% of the scope price, at least $40.",
  },
  {
    key: "deployment",
    label: "Deployment",
    includes: "Set up and released on your own hosting account or domain.",
    pricing: "Adds 10% of the scope price, at least $20.",
  },
  {
    key: "productionReady",
    label: "Production Ready",
    includes: "Hardening for real traffic: security review, monitoring, backups and load testing.",
    pricing: "Adds the scope price again.",
  },
  {
    key: "customTechStack",
    label: "Custom Tech Stack",
    includes: "Built on the languages, frameworks and services you name instead of ours.",
    pricing: "Adds the scope price again.",
  },
  {
    key: "hosting",
    label: "Hosting",
    includes: "We host and run it for you on our managed servers.",
    pricing: "Doubles the total so far.",
  },
];

/** No extras chosen: the default of a new job. */
export const noAdditionalServices: Readonly<AdditionalServices> = Object.freeze({
  contentDevelopment: false,
  deployment: false,
  productionReady: false,
  customTechStack: false,
  hosting: false,
});

/** The 17 AI tools a freelancer can list as skills (at most 3 per profile). */
export const skills = [
  "OpenAI GPT",
  "Anthropic Claude",
  "Google Gemini",
  "Meta Llama",
  "Mistral",
  "LangChain",
  "LlamaIndex",
  "CrewAI",
  "AutoGen",
  "Hugging Face Transformers",
  "Pinecone",
  "Stable Diffusion",
  "DALL-E",
  "Whisper",
  "ElevenLabs",
  "GitHub Copilot",
  "TensorFlow",
] as const;

/** One skill. */
export type Skill = (typeof skills)[number];

/** The 11 domains a freelancer can work in (at most 3 per profile). */
export const domains = [
  "Web Development",
  "Mobile Apps",
  "E-commerce",
  "Chatbots & Conversational AI",
  "Natural Language Processing",
  "Computer Vision",
  "Voice & Speech",
  "Content Generation",
  "Workflow Automation",
  "Data Analysis",
  "Machine Learning",
] as const;

/** One domain. */
export type Domain = (typeof domains)[number];

/** The 11 human languages a freelancer can work in. */
export const languages = ["English", "Spanish", "French", "German", "Portuguese", "Italian", "Dutch", "Chinese", "Japanese", "Hindi", "Arabic"] as const;

/** One language. */
export type Language = (typeof languages)[number];
