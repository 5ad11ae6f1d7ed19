import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { Browser as Chromium, Page } from "playwright-core";
import { fromCents, type UserType } from "@forgehire/core";
import { createUser } from "@forgehire/services";
import { startMailCatcher, type MailCatcher } from "@forgehire/services/testing";
import { connectToChromium, openBrowser, type Browser } from "./browser.js";
import { startAppServer, type AppServer } from "./app-server.js";
import { PortalPage } from "../pages/portal.js";
import { money } from "../pages/jobs.js";

/** An address nobody else in the run has: every spec file shares the run's template database. */
export const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/** Cents as the job screens show money (1,999 or 2,598.70). */
export const dollars = (cents: number) => money(fromCents(cents));

const usdFormat = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
/** Cents as the earnings screens show money, always with the cents ($1,999.00). */
export const usd = (cents: number) => usdFormat.format(cents / 100);

/**
 * Awaits an API answer made through a page's request context, expects its status and answers its JSON body.
 * @param response the request, e.g. `page.request.post(...)`
 * @param status the status expected
 */
export async function ok<T = unknown>(response: Promise<{ status(): number; json(): Promise<unknown> }>, status = 200): Promise<T> {
  const res = await response;
  expect(res.status()).toBe(status);
  return (await res.json()) as T;
}

/** A person signed in to the portal in a browser of their own. */
export interface SignedIn {
  user: Awaited<ReturnType<typeof createUser>>;
  email: string;
  password: string;
  page: Page;
  portal: PortalPage;
}

export interface AppSession {
  /** The spec file's app server (started before its first test). */
  readonly server: AppServer;
  /**
   * A fresh browser, closed after the test that opened it.
   * @param on the server it opens on: the session's unless a test started one of its own
   */
  browser(on?: AppServer): Promise<Browser>;
  /**
   * A new account of that type (password `<firstName>-pass`), signed in (through the API the login form uses) in a
   * browser of its own, on the back office's dashboard for an admin and on the home page for everyone else.
   */
  signIn(userType: UserType, firstName: string, options?: { lastName?: string; on?: AppServer }): Promise<SignedIn>;
}

/**
 * A spec file's app server on its own embedded database, started before the file's (or the describe block's) tests and
 * stopped after them, and the browsers its tests open, closed after each test. Call it in the spec file, not in a
 * support module's top level: the hooks belong to the file that calls it (a worker's spec files share one module
 * graph, so a module's top level runs for the first file only).
 * @param env extra settings for the server, e.g. a short REVIEW_PERIOD; a function when they come from something an
 *   earlier beforeAll started (it is called in the session's beforeAll, so register that hook first)
 */
export function appSession(env: Record<string, string> | (() => Record<string, string>) = {}): AppSession {
  let server: AppServer | undefined;
  let chromium: Promise<Chromium> | undefined;
  const browsers: Browser[] = [];
  beforeAll(async () => {
    server = await startAppServer(typeof env === "function" ? env() : env);
  });
  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  });
  afterAll(async () => {
    const connected = chromium;
    chromium = undefined;
    // Disconnects this file only: the browser itself runs until the whole run ends.
    await (await connected)?.close();
    await server?.stop();
  });
  const session: AppSession = {
    get server() {
      if (!server) throw new Error("the app server starts in beforeAll: use it inside a test or a hook");
      return server;
    },
    async browser(on = session.server) {
      chromium ??= connectToChromium();
      const browser = await openBrowser(await chromium, on.url);
      browsers.push(browser);
      return browser;
    },
    async signIn(userType, firstName, { lastName = "Tester", on = session.server } = {}) {
      const email = unique(firstName.toLowerCase());
      const password = `${firstName}-pass`;
      const user = await createUser(on.services, { email, password, firstName, lastName, userType });
      const { page } = await session.browser(on);
      // Through the API the login form drives (its own journeys are in accounts.spec.ts): a page load fewer for each
      // of the run's hundred people. The browser context keeps the session cookie.
      const login = await page.request.post("/api/auth/login", { data: { email, password } });
      expect(login.status(), await login.text()).toBe(200);
      await page.goto(userType === "admin" ? "/admin/" : "/");
      return { user, email, password, page, portal: new PortalPage(page) };
    },
  };
  return session;
}

/**
 * A fake SMTP server for the spec file, started before its tests and stopped after them. Call it before appSession so
 * that its beforeAll runs first and the session's env function can name its address.
 * @returns the running catcher (inside a test or a later hook)
 */
export function mailCatcher(): () => MailCatcher {
  let mail: MailCatcher | undefined;
  beforeAll(async () => {
    mail = await startMailCatcher();
  });
  afterAll(async () => {
    await mail?.close();
  });
  return () => {
    if (!mail) throw new Error("the mail catcher starts in beforeAll: use it inside a test or a hook");
    return mail;
  };
}
