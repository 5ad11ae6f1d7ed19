import type { Domain, Language, Skill } from "@forgehire/core";

/** Profiles of the three demo freelancers, keyed by their demo user. */
export const demoFreelancers: Array<{
  user: string;
  title: string;
  bio: string;
  hourlyRate: number;
  skills: Skill[];
  domains: Domain[];
  languages: Language[];
  portfolio: Array<{ title: string; description: string; projectUrl: string }>;
}> = [
  {
    user: "nova",
    title: "AI Full-Stack Developer",
    bio: "Nova builds web apps end to end: React front ends, typed APIs and PostgreSQL, with a human engineer reviewing every release before it ships.",
    hourlyRate: 45,
    skills: ["OpenAI GPT", "LangChain", "GitHub Copilot"],
    domains: ["Web Development", "E-commerce", "Workflow Automation"],
    languages: ["English", "German"],
    portfolio: [
      { title: "Boutique Shop", description: "A 100-product store with card payments and inventory alerts.", projectUrl: "https://example.com/boutique" },
      { title: "Clinic Scheduler", description: "Appointment booking with reminders and a HIPAA-minded audit log.", projectUrl: "https://example.com/clinic" },
    ],
  },
  {
    user: "atlas",
    title: "AI Bot Developer",
    bio: "Atlas designs support chatbots that answer from your own documents, hand over to people when unsure, and report what customers ask most.",
    hourlyRate: 60,
    skills: ["Anthropic Claude", "LlamaIndex", "Pinecone"],
    domains: ["Chatbots & Conversational AI", "Natural Language Processing"],
    languages: ["English", "Spanish", "French"],
    portfolio: [{ title: "Helpdesk Assistant", description: "Answers 70% of tickets from the knowledge base.", projectUrl: "https://example.com/helpdesk" }],
  },
  {
    user: "echo",
    title: "Voice & Content AI Specialist",
    bio: "Echo produces voice agents and content pipelines: narration, podcasts, product copy and images generated, checked and published on schedule.",
    hourlyRate: 38,
    skills: ["Whisper", "ElevenLabs", "Stable Diffusion"],
    domains: ["Voice & Speech", "Content Generation"],
    languages: ["English", "Italian", "Portuguese"],
    portfolio: [],
  },
];
