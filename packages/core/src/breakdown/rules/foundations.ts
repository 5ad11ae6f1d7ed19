/**
 * Foundations: the repository, and the database an application needs.
 */
import type { ProjectType } from "../../catalog/scopes.js";
import { gwt, task, type TaskSpec } from "../rules-catalogue.js";
import { APP_TYPES, type StorySpec } from "./story-spec.js";

export function setupStory(projectType: ProjectType, project: string, customTechStack: boolean): StorySpec {
  const app = APP_TYPES.includes(projectType);
  const tasks: TaskSpec[] =
    projectType === "trial"
      ? [
          {
            title: "Create the trial's working repository",
            description: "A repository with a README explaining how to open or run the trial piece.",
            priority: "high",
            hours: 0.5,
            criteria: [gwt("a fresh clone of the repository", "the client follows the README", "they can open or run the trial piece")],
          },
        ]
      : projectType === "static"
        ? [
            {
              title: "Create the site repository and build",
              description: "A repository holding the site's pages, styles and images, with a one-command build and a preview.",
              priority: "high",
              hours: 1.5,
              criteria: [gwt("a fresh clone of the repository", "the build command runs", "it produces the site's pages and a local preview opens them")],
            },
            {
              title: "Set up the shared layout and styles",
              description: "The header, navigation, footer, colours and type every page shares, responsive from phone to desktop.",
              priority: "high",
              hours: 2,
              criteria: [
                gwt(
                  "any page of the site on a phone and on a desktop",
                  "it opens",
                  "it shows the same header, navigation and footer without horizontal scrolling",
                ),
              ],
            },
          ]
        : [
            task(
              "Create the repository and project skeleton",
              "high",
              1.5,
              "The repository with the project skeleton, a README with setup steps, linting and formatting.",
              ["a fresh clone of the repository", "a developer follows the README", "the project builds and runs locally"],
            ),
            task("Set up continuous integration", "high", 1, "Run install, lint, type checks and tests on every push and pull request.", [
              "a pull request",
              "it is opened or updated",
              "CI runs lint, type checks and tests and reports the result on it",
            ]),
            task(
              "Configure development, staging and production settings",
              "medium",
              1,
              "Configuration and secrets per environment kept out of the code, with an example file listing every setting.",
              ["each environment", "the application starts", "it reads its own configuration and no secret is committed"],
            ),
          ];
  if (app) {
    tasks.push(
      task(
        "Set up the database and migrations",
        "high",
        1.5,
        "The database schema for the stories below, created and changed only through versioned migrations.",
        ["an empty database", "the migrations run", "every table exists and running them again changes nothing"],
      ),
    );
  }
  if (customTechStack) {
    tasks.push({
      ...task("Set up the client's custom tech stack", "high", 2, "Use the languages, frameworks and services the client chose instead of the default stack.", [
        "the client's stack choice",
        "the skeleton is reviewed",
        "it uses exactly the chosen technologies",
      ]),
      source: "extra:customTechStack",
    });
  }
  return {
    title: projectType === "static" ? "Site Setup" : "Project Setup",
    story: `As the delivery team, we want a repository and a repeatable build for ${project} so that every change is built and checked the same way.`,
    context: customTechStack ? ["The client bought the Custom Tech Stack extra: build on the technologies they name."] : [],
    phase: "foundation",
    source: `projectType:${projectType}`,
    tasks,
    pages: 0,
  };
}
