/**
 * Request and response schemas of freelancer profiles and portfolios (API.md "Freelancers").
 */
import { z } from "zod";
import { domains, languages, skills } from "../catalog/options.js";
import { inputString, optionalText } from "./common.js";
import { publicReviewSchema, ratingSchema } from "./reviews.js";

/** At most 3 skills per profile (spec part 2 §9). */
export const MAX_SKILLS = 3;
/** At most 3 domains per profile (spec part 2 §9). */
export const MAX_DOMAINS = 3;

/** The profile form's texts; the hints are the spec's own. */
export const freelancerMessages = {
  skillRequired: "Please select at least one skill",
  domainRequired: "Please select at least one domain",
  tooManySkills: "You can select up to 3 skills",
  tooManyDomains: "You can select up to 3 domains",
  duplicateSkill: "Each skill can be selected only once",
  duplicateDomain: "Each domain can be selected only once",
  duplicateLanguage: "Each language can be selected only once",
  hourlyRate: "Hourly rate must be a number of at least 0",
} as const;

/** The manage screen sends skills comma separated; a list is accepted too. */
const commaList = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== "")
    : value;

const unique = (list: readonly string[]) => new Set(list).size === list.length;

const skillList = z.preprocess(
  commaList,
  z
    .array(z.enum(skills, { error: "Please choose from the listed skills" }), {
      error: freelancerMessages.skillRequired,
    })
    .min(1, freelancerMessages.skillRequired)
    .max(MAX_SKILLS, freelancerMessages.tooManySkills)
    .refine(unique, freelancerMessages.duplicateSkill),
);

const domainList = z.preprocess(
  commaList,
  z
    .array(z.enum(domains, { error: "Please choose from the listed domains" }), {
      error: freelancerMessages.domainRequired,
    })
    .min(1, freelancerMessages.domainRequired)
    .max(MAX_DOMAINS, freelancerMessages.tooManyDomains)
    .refine(unique, freelancerMessages.duplicateDomain),
);

const languageList = z.preprocess(
  commaList,
  z
    .array(z.enum(languages, { error: "Please choose from the listed languages" }))
    .max(languages.length)
    .refine(unique, freelancerMessages.duplicateLanguage),
);

// Money has at most two decimals; comparing in cents avoids 19.99 * 100 = 1998.9999….
const hasCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const hourlyRate = z
  .union([z.number(), inputString().trim().min(1, freelancerMessages.hourlyRate).transform(Number)], {
    error: freelancerMessages.hourlyRate,
  })
  .pipe(
    z
      .number({ error: freelancerMessages.hourlyRate })
      .min(0, freelancerMessages.hourlyRate)
      .max(100_000, "Hourly rate must be at most 100000")
      .refine(hasCents, "Hourly rate may have at most two decimals"),
  );

const requiredText = (max: number) => inputString({ error: "Required" }).trim().min(1, "Required").max(max, `At most ${max} characters`);

const freelancerFields = {
  /** professional title, e.g. "AI Bot Developer" */
  title: requiredText(200),
  /** about the freelancer (the directory shows its first 100 characters) */
  bio: requiredText(5_000),
  /** dollars per hour, at least 0 */
  hourlyRate,
  /** 1 to 3 of the 17 skills, no repeats; a comma-separated string is accepted */
  skills: skillList,
  /** 1 to 3 of the 11 domains, no repeats; a comma-separated string is accepted */
  domains: domainList,
  /** any of the 11 languages, no repeats */
  languages: languageList.optional(),
};

/** POST /api/freelancers */
export const freelancerCreateBody = z.object(freelancerFields);
/** What a handler receives once `freelancerCreateBody` has parsed the input. */
export type FreelancerCreateBody = z.infer<typeof freelancerCreateBody>;

/** PATCH /api/freelancers/me: only the fields sent change; sent lists follow the same rules as at creation. */
export const freelancerUpdateBody = z.object(freelancerFields).partial();
/** What a handler receives once `freelancerUpdateBody` has parsed the input. */
export type FreelancerUpdateBody = z.infer<typeof freelancerUpdateBody>;

/** A link shown on a profile; only http(s), so a stored link can never run script when clicked. */
const webLink = z.url({ protocol: /^https?$/, error: "Please enter a valid http(s) link" }).max(2_000);
const optionalLink = z.preprocess((value) => (value === "" ? null : value), webLink.nullable().optional());

/** POST /api/freelancers/me/portfolios */
export const portfolioBody = z.object({
  /** the card's title */
  title: requiredText(200),
  /** what the project was */
  description: optionalText(5_000).default(""),
  /** a picture of the work; blank for none */
  imageUrl: optionalLink,
  /** where to see the work ('View Project'); blank for none */
  projectUrl: optionalLink,
});
/** What a handler receives once `portfolioBody` has parsed the input. */
export type PortfolioBody = z.infer<typeof portfolioBody>;

/** PATCH /api/freelancers/me/portfolios/:id: only the fields sent change. */
export const portfolioUpdateBody = z.object({
  /** a new title */
  title: requiredText(200).optional(),
  /** a new description */
  description: optionalText(5_000).optional(),
  /** a new picture link; blank or null removes it */
  imageUrl: optionalLink,
  /** a new project link; blank or null removes it */
  projectUrl: optionalLink,
});
/** What a handler receives once `portfolioUpdateBody` has parsed the input. */
export type PortfolioUpdateBody = z.infer<typeof portfolioUpdateBody>;

/** A freelancer of the directory. */
export const freelancerSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  title: z.string(),
  bio: z.string(),
  hourlyRate: z.number(),
  skills: z.array(z.string()),
  domains: z.array(z.string()),
  languages: z.array(z.string()),
  avatarUrl: z.string().nullable(),
  /** the average (one decimal) and count of their published reviews: on directory items and the profile */
  rating: ratingSchema.optional(),
});
/** The shape `freelancerSchema` describes. */
export type Freelancer = z.infer<typeof freelancerSchema>;

/** A portfolio card. */
export const portfolioSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  projectUrl: z.string().nullable(),
});
/** The shape `portfolioSchema` describes. */
export type Portfolio = z.infer<typeof portfolioSchema>;

/** A freelancer's full profile: the directory entry plus documents and portfolio cards. */
export const freelancerDetailSchema = freelancerSchema.extend({
  portfolioDocs: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  portfolios: z.array(portfolioSchema),
  /** the newest published, visible reviews about them (`GET /api/freelancers/:id` only) */
  reviews: z.array(publicReviewSchema).optional(),
  /** the cursor of `GET /api/freelancers/:id/reviews?cursor=` for the next page; null when there is none */
  reviewsNextCursor: z.string().nullable().optional(),
});
/** The shape `freelancerDetailSchema` describes. */
export type FreelancerDetail = z.infer<typeof freelancerDetailSchema>;
