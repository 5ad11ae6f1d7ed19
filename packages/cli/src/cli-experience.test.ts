import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandGroups } from "./commands/help.js";
import { exitCodes } from "./exit-codes.js";
import { cliMain, dataDirCopy, forgehireIn, forgehireOnTerminal, forgehireWith, freePort, plainScreen } from "./run-cli.test-support.js";

let dataDir: string;
const forgehire = (...args: string[]) => forgehireIn(dataDir, ...args);
const onTerminal = (options: { cols?: number; env?: Record<string, string | undefined> }, ...args: string[]) =>
  forgehireOnTerminal(dataDir, [], options, ...args);
// A stack frame ("    at render (file.js:12:3)") or a source excerpt ("> 12 |"): what an operator must never see.
const stackLike = /^\s+at .+[:(]\d+|^\s*>?\s*\d+ \|/m;

beforeAll(() => {
  dataDir = dataDirCopy("seeded", "forgehire-cli-experience-");
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a CLI people like", () => {
  it("[cli-1] users:create without options asks each value on a terminal: inline validation by the API's rules, defaults, a select for the type", async () => {
    const { code, screen } = await forgehireOnTerminal(
      dataDir,
      [
        ["Email", "nope\r"],
        // The signup's rule, under the prompt, and the question stays: the value is corrected in place.
        ["Please enter a valid email address", `${"\u007f".repeat(4)}dana.ops@example.com\r`],
        ["Password", "abc\r"],
        ["Password must be at least 6 characters", "\u007f\u007f\u007fs3cret!\r"],
        // The names default to the email's local part: Enter takes them.
        ["First name", "\r"],
        ["Last name", "\r"],
        // client is the default; one step down is freelancer.
        ["Account type", "\u001b[B\r"],
      ],
      {},
      "users:create",
    );
    const text = plainScreen(screen);
    expect(code, text).toBe(0);
    expect(text).not.toContain("is not registered");
    expect(text).toMatch(/First name \(Dana\)/);
    expect(text).toMatch(/Created freelancer dana\.ops@example\.com \([0-9a-f-]{36}\)/);
    const shown = await forgehire("users:show", "dana.ops@example.com", "--json");
    expect(JSON.parse(shown.stdout)).toMatchObject({ email: "dana.ops@example.com", firstName: "Dana", lastName: "Ops", userType: "freelancer" });
    // The password typed is the account's: it was never echoed.
    expect(text).not.toContain("s3cret!");
  }, 120_000);

  it("[cli-2] a bad argument is one line naming it and an exit code, never a stack, on a terminal and piped", async () => {
    const cases: Array<{ args: string[]; line: RegExp; code: number }> = [
      { args: ["jobs:breakdown", "abc"], line: /^forgehire: Invalid job ID$/, code: exitCodes.usage },
      { args: ["jobs:breakdown", "1", "--engine", "foo"], line: /^forgehire: --engine: .*"rules"\|"ai"/, code: exitCodes.usage },
      { args: ["users:list", "--per-page", "500"], line: /^forgehire: --per-page: /, code: exitCodes.usage },
      { args: ["jobs:breakdown"], line: /^forgehire: missing required argument 'id' \(see forgehire jobs:breakdown --help\)$/, code: exitCodes.usage },
      { args: ["jobs:list", "--colour"], line: /^forgehire: unknown option '--colour' \(see forgehire jobs:list --help\)$/, code: exitCodes.usage },
      { args: ["jobs:lst"], line: /^forgehire: unknown command 'jobs:lst' \(Did you mean jobs:list\?\)/, code: exitCodes.usage },
      { args: ["jobs:breakdown", "99999"], line: /^forgehire: Job not found$/, code: exitCodes.notFound },
    ];
    for (const { args, line, code } of cases) {
      const piped = await forgehire(...args);
      expect(piped.code, args.join(" ")).toBe(code);
      expect(piped.stderr.trimEnd().split("\n"), args.join(" ")).toHaveLength(1);
      expect(piped.stderr.trimEnd(), args.join(" ")).toMatch(line);
      expect(piped.stderr).not.toContain("Please check the highlighted fields");
    }
    // On a terminal Ink is loaded for jobs:breakdown: still the one line, and no React warning or component stack.
    const terminal = await onTerminal({}, "jobs:breakdown", "abc");
    expect(terminal.code).toBe(exitCodes.usage);
    expect(plainScreen(terminal.screen).trim()).toBe("forgehire: Invalid job ID");
    expect(terminal.screen).not.toMatch(stackLike);
  }, 120_000);

  it("[cli-2] the compiled CLI carries React's production build only (no development warnings or component stacks)", () => {
    const outdir = path.dirname(cliMain());
    const compiled = readdirSync(outdir)
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(path.join(outdir, file), "utf8"))
      .join("\n");
    expect(compiled).toContain("react.production");
    expect(compiled).not.toMatch(/react(-reconciler)?\.development/);
  });

  it("[cli-3] --version, commands grouped in the help, and examples under every command's help", async () => {
    const version = await forgehire("--version");
    expect(version.stdout.trim()).toBe((JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version);
    const help = (await forgehire("--help")).stdout;
    const headings = commandGroups.map((group) => group.heading).filter((heading) => help.includes(`\n${heading}\n`));
    expect(headings).toEqual(commandGroups.map((group) => group.heading));
    // Every command sits under one of the groups: the plain "Commands:" list holds only commander's own help.
    const ungrouped = help.split("\nCommands:\n")[1] ?? "";
    expect(ungrouped.trim()).toMatch(/^help \[command\]/);
    const names = [...help.matchAll(/^ {2}([a-z]+(?::[a-z-]+)?) /gm)].map((m) => m[1]!).filter((name) => name !== "help");
    expect(names.length).toBeGreaterThanOrEqual(29);
    for (const name of names) {
      const own = await forgehire(name, "--help");
      expect(own.code, name).toBe(0);
      expect(own.stdout, name).toMatch(new RegExp(`\\nExamples:\\n {2}\\$ forgehire ${name}`));
    }
  }, 180_000);

  it("[cli-4] tables fit the terminal's width, a terminal that reports 0 columns counting as 80; piped, nothing is cut", async () => {
    const screens: Record<number, string[]> = {};
    for (const [cols, width] of [
      [0, 80],
      [80, 80],
      [60, 60],
      [200, 200],
    ] as const) {
      const { code, screen } = await onTerminal({ cols }, "users:list");
      expect(code, screen).toBe(0);
      const lines = (screens[cols] = plainScreen(screen).split("\n").filter(Boolean));
      expect(lines[0]).toMatch(/^ID\s+EMAIL\s+NAME\s+TYPE/);
      for (const line of lines) expect(line.length, `${cols}: ${line}`).toBeLessThanOrEqual(width);
      // One line per account: the header, the rows the footer counts, the footer; nothing wrapped onto a line of its own.
      const shown = Number(/^(\d+) of \d+ \(page 1\)$/.exec(lines.at(-1)!)?.[1]);
      expect(lines.length, lines.join("\n")).toBe(shown + 2);
    }
    // 0 columns is laid out exactly as 80 (not squeezed to nothing), and the layout uses the width it has.
    expect(screens[0]).toEqual(screens[80]);
    expect(Math.max(...screens[80]!.map((line) => line.length))).toBeGreaterThan(70);
    const piped = await forgehire("users:list");
    expect(piped.stdout).toContain("alice@forgehire.local");
    expect(piped.stdout).not.toContain("…");
  }, 120_000);

  it("[cli-5] jobs:create draws a progress bar on a terminal (on stderr), and a log gets plain lines", async () => {
    const file = path.join(dataDir, "bar-jobs.json");
    const body = (title: string) => ({ title, description: "A site posted by a bulk import.", industry: "Others", scope: 199 });
    writeFileSync(file, JSON.stringify([body("Bar One"), body("Bar Two"), body("Bar Three")]));
    const { code, screen } = await onTerminal({}, "jobs:create", "--file", file, "--no-notify");
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/\[#+-*\] 1\/3 job \d+/);
    expect(screen).toMatch(/\[#+\] 3\/3 job \d+/);
    expect(plainScreen(screen)).toMatch(/Created job \d+ "Bar Three"/);
    writeFileSync(file, JSON.stringify([body("Log One"), body("Log Two")]));
    const piped = await forgehire("jobs:create", "--file", file, "--no-notify");
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).not.toContain("\r");
    expect(piped.stderr).toMatch(/^posted 1\/2: job \d+\nposted 2\/2: job \d+\n$/);
  }, 120_000);

  it("[cli-6] every hint names a command that works in that situation: admin:email's failure, jobs:show's missing stories", async () => {
    const hinted = (text: string) => /forgehire ([a-z]+:[a-z-]+(?: [^\s).;]+)*)/.exec(text)?.[1]?.split(" ");
    const down = await forgehireWith(
      { SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, EMAIL_RETRY_ATTEMPTS: "1" },
      dataDir,
      "admin:email",
      "3",
      "--subject",
      "Invoice",
      "--message",
      "Attached.",
    );
    expect(down.code).toBe(exitCodes.upstreamUnavailable);
    const retry = hinted(down.stderr);
    expect(retry?.[0], down.stderr).toBe("emails:retry");
    const followed = await forgehire(...retry!);
    expect(followed.code, followed.stderr).toBe(0);

    // A first attempt that failed with attempts left is retried by the queue: emails:retry would refuse it, so no
    // hint names it.
    const retrying = await forgehireWith(
      { SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, EMAIL_RETRY_ATTEMPTS: "3" },
      dataDir,
      "admin:email",
      "3",
      "--subject",
      "Invoice again",
      "--message",
      "Attached.",
    );
    expect(retrying.stderr).toMatch(/attempt 1 of 3 failed/);
    expect(retrying.stderr).not.toContain("emails:retry");

    const show = await forgehire("jobs:show", "1");
    const breakdown = hinted(show.stdout);
    expect(breakdown, show.stdout).toEqual(["jobs:breakdown", "1"]);
    expect((await forgehire(...breakdown!)).code).toBe(0);
  }, 120_000);
});
