import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// CI sets TEST_REPORT_DIR to add up every run's counts into one closing line (scripts/test-summary.mjs);
// TEST_REPORT_NAME names the run (pglite, postgresql, browser).
const reportDir = process.env.TEST_REPORT_DIR;
const reportName = process.env.TEST_REPORT_NAME ?? "run";

/**
 * The longest test files (minutes each on 2 cores), started first. A fresh clone has no timings for vitest to order by,
 * so it starts the largest files first, and these short files ran last, a core idling while one of them finished.
 */
const longFiles = [
  "packages/server/src/routes/abilities.test.ts",
  "packages/server/src/mail-delivery.test.ts",
  "packages/server/src/routes/hostile-routes.test.ts",
  "packages/server/src/routes/delivery/disputes.test.ts",
  "packages/server/src/routes/breakdown/task-comments.test.ts",
];
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (file: TestSpecification) => longFiles.some((long) => file.moduleId.endsWith(`/${long}`));
    return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))];
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    // A test file per core: vitest's default keeps one core free, which on a 2-core machine runs the files one at a
    // time. TEST_WORKERS overrides it (1 for a run to time a single file undisturbed).
    maxWorkers: Number(process.env.TEST_WORKERS ?? availableParallelism()),
    reporters: reportDir ? ["default", ["json", { outputFile: `${reportDir}/${reportName}.json` }]] : ["default"],
    projects: [
      { test: { name: "core", include: ["packages/core/src/**/*.test.ts"] } },
      // The portal's pure helpers (no DOM): its screens are tested in the browser (e2e).
      { test: { name: "portal", include: ["portal/src/**/*.test.ts"] } },
      {
        test: {
          name: "services",
          include: ["packages/services/src/**/*.test.ts", "migrations/**/*.test.ts", "seeds/**/*.test.ts"],
          globalSetup: ["packages/services/src/testing/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A worker's files share one module graph: importing the app afresh for each file was a third of the CPU
          // these files took (measured on 12 route files: 155 → 106 CPU s). Each file still opens its own database
          // and server, and no test file mocks modules or changes process-wide state (vi.mock, stubEnv, fake timers).
          isolate: false,
        },
      },
      {
        test: {
          name: "server",
          include: ["packages/server/src/**/*.test.ts"],
          globalSetup: ["packages/services/src/testing/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A worker's files share one module graph: importing the app afresh for each file was a third of the CPU
          // these files took (measured on 12 route files: 155 → 106 CPU s). Each file still opens its own database
          // and server, and no test file mocks modules or changes process-wide state (vi.mock, stubEnv, fake timers).
          isolate: false,
        },
      },
      // Each CLI test starts the real CLI in child processes, most on a fresh embedded database (initdb alone takes
      // 15–45 s on a busy 2-core machine): deadlines that judge the machine's load, not the CLI, would only flake.
      // They run the CLI compiled once per run, on copies of a migrated and of a seeded database made once per run.
      {
        test: {
          name: "cli",
          include: ["packages/cli/src/**/*.test.ts"],
          globalSetup: ["packages/cli/src/run-cli.global-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.spec.ts"],
          globalSetup: ["e2e/support/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two spec files at a time (maxWorkers above), each with its app server on its own port and data dir, both
          // driving the run's one Chromium: a spec spends much of its time waiting on the browser or the server, and
          // one file at a time left the second core idle.
          maxWorkers: Math.min(2, Number(process.env.TEST_WORKERS ?? availableParallelism())),
          // A worker's spec files share one module graph (the app, its services, Playwright): importing them afresh
          // for each of 24 files was a minute and a half of each run's CPU. Every file starts its own app server.
          isolate: false,
        },
      },
    ],
  },
});
