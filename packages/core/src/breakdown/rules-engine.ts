/**
 * The rules engine: the built-in, deterministic breakdown. It reads every requirement field (key feature
 * statements, `needs…` flags, pages, integrations, existing systems, compliance types and notes, paid extras, user
 * categories, target audience, stakeholders and follow-up answers) and turns each requested capability into a
 * story or a task, citing where it comes from in `source`. It adds nothing the client did not ask for beyond what
 * the scope's project type needs to ship, sizes every task from the kind of work (never from the price), and
 * orders the stories foundations → features → integrations → compliance → launch. It reads no clock and no
 * randomness, and walks the catalogue's own order, so the same requirements always give the same stories.
 */
import { complianceOptions, integrationOptions } from "../catalog/options.js";
import { projectTypeOf } from "../catalog/scopes.js";
import { featureTitle, splitKeyFeatures, type BreakdownInput } from "./input.js";
import { flagStories } from "./rules-catalogue.js";
import { authStory, flagStory, paymentsStory, productCatalogueStory, PUBLIC_CATEGORY } from "./rules/accounts.js";
import { answerTask, storyForAnswer } from "./rules/answers.js";
import { complianceStory } from "./rules/compliance.js";
import { categoryStory, featureStory, foldFeature, sectionTask } from "./rules/features.js";
import { setupStory } from "./rules/foundations.js";
import { existingSystemsStory, integrationStory } from "./rules/integrations.js";
import { acceptanceStory, contentWritingStory, deploymentStory, hostingStory, productionStory } from "./rules/launch.js";
import { pageStories } from "./rules/pages.js";
import { APP_TYPES, pageLimits, toDrafts, type StorySpec } from "./rules/story-spec.js";
import { folded, inCatalogueOrder, singular } from "./rules/text.js";
import type { StoryDraft } from "./types.js";

// The engine's public names (re-exported by the package index); each capability lives in its own module under rules/.
export { breakdownPhases, pageLimits, type BreakdownPhase } from "./rules/story-spec.js";
export { singular } from "./rules/text.js";
export { PUBLIC_CATEGORY } from "./rules/accounts.js";

/**
 * The rules engine's breakdown of a job, in build order:
 * 1. foundations: project setup (plus the database of an application) and, when asked for or when an
 *    application has several user categories, accounts and roles;
 * 2. features: the pages the client gave content for (a static site always has a home page), the product
 *    catalogue and payments of a shop, one story per `needs…` flag, one per key feature statement in the
 *    client's words, and a dashboard per non-public user category of an application not already named by a
 *    feature; written content when the Content Development extra is bought;
 * 3. integrations (the client's existing systems named in their tasks), then compliance (a static site gets a
 *    privacy notice and consent, not data export), then the launch extras and testing and acceptance.
 * Follow-up answers become tasks of the story they are about. A static site past its page limit gets further
 * features as home-page sections. Every task has Given/When/Then criteria, an estimate from its kind of work,
 * and a `source`; stories sum their tasks. A trial gets setup, one feature and acceptance.
 * @param input the job's title, description, scope and requirements
 * @returns the story drafts
 * @throws DomainError INVALID_SCOPE when the scope is not one of the six (only reachable from untyped callers)
 */
export function rulesBreakdown(input: BreakdownInput): StoryDraft[] {
  const title = input.title.trim();
  const project = title === "" ? "the product" : `"${title}"`;
  const projectType = projectTypeOf(input.scope);
  const app = APP_TYPES.includes(projectType);
  const requirements = input.requirements;
  const fields = requirements.projectSpecificFields;
  const extras = requirements.additionalServices;
  const categories = inCatalogueOrder(requirements.userCategories, []);
  // The first category the client named is the product's main user.
  const firstCategory = requirements.userCategories.find((category) => category.trim() !== "");
  const persona = firstCategory ? singular(firstCategory.trim()).toLowerCase() : "user";
  const features = splitKeyFeatures(requirements.keyFeatures);

  const setup = setupStory(projectType, project, extras.customTechStack);
  if (projectType === "trial") {
    const first = features[0] ?? (folded(input.description) || "the agreed trial piece");
    const piece = featureStory(first, persona, false);
    const trialPiece: StorySpec = {
      ...piece,
      tasks: [
        {
          ...piece.tasks[0]!,
          title: `Deliver the trial piece: ${featureTitle(first)}`,
          hours: 2,
          description: `Build or write "${first}" as the agreed trial piece.`,
        },
      ],
    };
    return toDrafts([setup, trialPiece, acceptanceStory(input, project, projectType, 1)]);
  }

  const limit = pageLimits[projectType];
  const foundations = [setup, authStory(input, projectType, categories)].filter((story): story is StorySpec => story !== null);
  const pages = pageStories(fields, projectType, extras.contentDevelopment);
  const [cart, ...otherFlags] = flagStories;
  const capabilities = [
    ...pages,
    productCatalogueStory(projectType),
    cart ? flagStory(cart, fields) : null,
    paymentsStory(input, projectType),
    ...otherFlags.map((definition) => flagStory(definition, fields)),
  ].filter((story): story is StorySpec => story !== null);

  // Key features: a statement that only names a capability already present is folded into it; any other becomes
  // a story of its own (or, on a static site past its page limit, a section of the home page).
  const used = () => [...foundations, ...capabilities].reduce((sum, story) => sum + story.pages, 0);
  const home = pages.find((story) => story.source === "page:homePageContent");
  const featureStories: StorySpec[] = [];
  for (const feature of features) {
    const match = [...foundations, ...capabilities].find(
      (story) => story.covers?.test(feature) === true || story.title.toLowerCase() === feature.toLowerCase(),
    );
    if (match) {
      foldFeature(match, feature);
    } else if (!app && home && used() + featureStories.length >= limit) {
      home.tasks.push(sectionTask(feature));
    } else {
      // The user a feature is for: the category it names ("a doctor dashboard" → doctor), else the main user.
      const named = categories.find((category) => feature.toLowerCase().includes(singular(category).toLowerCase()));
      const featurePersona = named ? singular(named).toLowerCase() : persona;
      featureStories.push(featureStory(feature, featurePersona, app, requirements.integrationSystems));
    }
  }

  // A user category of an application gets its own screens unless a feature already names them.
  const featureText = features.join(" ").toLowerCase();
  const categoryStories =
    app && categories.length > 1
      ? categories.filter((category) => !PUBLIC_CATEGORY.test(category) && !featureText.includes(singular(category).toLowerCase())).map(categoryStory)
      : [];

  const existing = folded(requirements.existingSystems);
  const integrations = inCatalogueOrder(requirements.integrationSystems, integrationOptions).map((system) => integrationStory(system, existing, projectType));
  const namesExisting = integrations.some((story) => story.context.some((text) => text.startsWith("Existing systems")));
  if (app && existing !== "" && !namesExisting) integrations.push(existingSystemsStory(existing));

  const notes = folded(requirements.complianceRequirements);
  const compliance = inCatalogueOrder(requirements.complianceTypes, complianceOptions);
  if (notes !== "" && compliance.length === 0) compliance.push("Others");
  const hasForm = pages.some((story) => story.source === "page:contactInformation");
  const complianceSpecs = compliance.map((type, index) => complianceStory(type, notes, projectType, hasForm, index === 0));

  const pageNames = [
    ...pages.map((story) => story.title.replace(/ Page$/, " page").replace(/^Home page$/, "home page")),
    ...(app ? [] : featureStories.map((story) => `"${story.title}" section`)),
  ];
  const content = extras.contentDevelopment ? [contentWritingStory(project, app ? [] : pageNames)] : [];
  const launch = [
    extras.productionReady ? productionStory(app) : null,
    extras.deployment ? deploymentStory(app) : null,
    extras.hosting ? hostingStory(app) : null,
  ].filter((story): story is StorySpec => story !== null);

  const featureCount = capabilities.length + featureStories.length + categoryStories.length;
  const body = [...foundations, ...capabilities, ...featureStories, ...categoryStories, ...content, ...integrations, ...complianceSpecs];
  requirements.answers.forEach((answer, index) => {
    const answerSpec = answerTask(answer, index, app ? 2 : 1);
    if (!answerSpec) return;
    const target = storyForAnswer(body, answer);
    target.tasks = [...target.tasks, answerSpec];
  });
  return toDrafts([...body, ...launch, acceptanceStory(input, project, projectType, featureCount)]);
}

/**
 * The pages a breakdown uses of its project's page limit, for checks and the benchmark.
 * @param stories the drafts from `rulesBreakdown`
 * @returns the number of page stories (content pages and feature pages of a static site)
 */
export function countPages(stories: readonly StoryDraft[]): number {
  return stories.filter(
    (story) => story.source?.startsWith("page:") || (story.source === "keyFeature" && story.tasks.some((task) => task.title.endsWith(": section and layout"))),
  ).length;
}
