import { describe, expect, it } from "vitest";
import { createFreelancerProfile, createUser, startChat, type UserRecord } from "@forgehire/services";
import { shot } from "./support/browser.js";
import { appSession, unique } from "./support/session.js";
import { PortalPage } from "./pages/portal.js";
import { ChatPages } from "./pages/chat.js";
import { JobsPages } from "./pages/jobs.js";

// Issue 12: what clients and freelancers still trip over on the portal.

const session = appSession();

const actorOf = (user: UserRecord) => ({ id: user.id, userType: user.userType, roleType: user.roleType });

/** An account nobody has signed in to yet. */
async function account(userType: "client" | "freelancer", firstName: string, lastName = "Tester") {
  const email = unique(firstName.toLowerCase());
  const password = `${firstName}-pass`;
  const user = await createUser(session.server.services, { email, password, firstName, lastName, userType });
  return { user, email, password };
}

const browser = async () => (await session.browser()).page;

const signedIn = (userType: "client" | "freelancer", firstName: string, lastName = "Tester") => session.signIn(userType, firstName, { lastName });

async function freelancerWithProfile(firstName: string) {
  const { user } = await account("freelancer", firstName, "Agent");
  const profile = await createFreelancerProfile(session.server.services, actorOf(user), {
    title: "Chatbot Builder",
    bio: "Support bots for shops.",
    hourlyRate: 40,
    skills: ["LangChain"],
    domains: ["Chatbots & Conversational AI"],
  });
  return { user, profile };
}

describe("the chat composer", () => {
  it("Shift+Enter adds a line, Enter sends, and the message shows both lines", async () => {
    const { server } = session;
    const client = await signedIn("client", "Lina", "Lines");
    const freelancer = await freelancerWithProfile("Milo");
    const { room } = await startChat(server.services, actorOf(client.user), { freelancerId: freelancer.profile.freelancer.id });
    const chat = new ChatPages(client.page);
    await client.page.goto(`/messages/${encodeURIComponent(room.roomId)}`);
    const composer = chat.dialog.getByPlaceholder("Type your message...");
    await composer.click();
    await composer.pressSequentially("First line");
    await composer.press("Shift+Enter");
    await composer.pressSequentially("Second line");
    // Shift+Enter did not send: the draft holds both lines.
    await expect(composer.inputValue()).resolves.toBe("First line\nSecond line");
    await composer.press("Enter");
    const bubble = chat.log.getByText("First line");
    await bubble.waitFor();
    await expect(bubble.innerText()).resolves.toBe("First line\nSecond line");
    await expect(composer.inputValue()).resolves.toBe("");
    // Stored as written, with its line break.
    const saved = await server.services.db("messages").where({ room_id: room.roomId }).select("content");
    expect(saved.map((row: { content: string }) => row.content)).toEqual(["First line\nSecond line"]);
    await shot(client.page, "chat-multiline", { fromTop: false });
  });
});

describe("redirects say why", () => {
  it("a signed-out visitor sent to /login comes back to the page they asked for", async () => {
    const { email, password } = await account("client", "Rita", "Return");
    const page = await browser();
    await page.goto("/my-jobs?page=1");
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/my-jobs?page=1");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/my-jobs" && url.search === "?page=1");
  });

  it("a return path to another site is ignored: sign-in lands on the home page", async () => {
    const { email, password } = await account("client", "Otto", "Open");
    const page = await browser();
    await page.goto(`/login?next=${encodeURIComponent("//evil.example/phish")}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.origin === session.server.url && url.pathname === "/");
  });

  it("a freelancer at /post-job and a client at /manage-profile are told why, with a way on", async () => {
    const freelancer = await signedIn("freelancer", "Fay", "Refused");
    await freelancer.page.goto("/post-job");
    await freelancer.page.getByRole("heading", { name: "Not available for your account type" }).waitFor();
    expect(new URL(freelancer.page.url()).pathname).toBe("/post-job");
    await shot(freelancer.page, "not-for-account-type", { fromTop: false });
    await freelancer.page.getByRole("main").getByRole("link", { name: "Browse Requirements" }).click();
    await freelancer.page.waitForURL((url) => url.pathname === "/jobs");

    const client = await signedIn("client", "Cleo", "Refused");
    await client.page.goto("/manage-profile");
    await client.page.getByRole("heading", { name: "Not available for your account type" }).waitFor();
    await client.page.getByRole("main").getByRole("link", { name: "Go to Home" }).click();
    await client.page.waitForURL((url) => url.pathname === "/");
  });
});

describe("the nav for clients", () => {
  it("a client opens their conversations from the Messages entry, which shows the unread count", async () => {
    const { server } = session;
    const client = await signedIn("client", "Nia", "Nav");
    const freelancer = await freelancerWithProfile("Ezra");
    const { room } = await startChat(server.services, actorOf(client.user), { freelancerId: freelancer.profile.freelancer.id });
    // The freelancer writes; the client's nav counts the unread room.
    const freelancerPage = await browser();
    const freelancerAccount = await server.services.db("users").where({ id: freelancer.user.id }).first("email");
    await new PortalPage(freelancerPage).logIn(freelancerAccount.email, "Ezra-pass");
    await freelancerPage.waitForURL((url) => url.pathname === "/");
    await freelancerPage.goto(`/messages/${encodeURIComponent(room.roomId)}`);
    await new ChatPages(freelancerPage).send("Hi Nia, here is my plan.");
    await new ChatPages(freelancerPage).log.getByText("Hi Nia, here is my plan.").waitFor();

    await client.page.reload();
    await client.page.getByRole("link", { name: "Messages (1 unread)" }).click();
    await client.page.waitForURL((url) => url.pathname === "/messages");
    await client.page.getByTestId("chat-room-card").filter({ hasText: "Hi Nia, here is my plan." }).waitFor();
    await shot(client.page, "client-messages-nav", { fromTop: false });
  });
});

describe("delivery dates", () => {
  it("the posting wizard refuses a delivery date in the past, and accepts a later one", async () => {
    const client = await signedIn("client", "Dana", "Dates");
    const page = client.page;
    const jobs = new JobsPages(page);
    await page.goto("/post-job");
    await jobs.stepHeading("Basic Information");
    await jobs.chooseIndustry("Healthcare");
    await page.getByLabel("Title").fill("Clinic Booking Portal");
    await page.getByLabel("Description").fill("Patients book and move appointments online.");
    await page.getByRole("radio", { name: /^Simple Application:/ }).click();
    const date = page.getByLabel("Expected Delivery Date");
    await expect.poll(() => date.inputValue()).not.toBe("");

    const localDay = (offset: number) => {
      const day = new Date();
      day.setDate(day.getDate() + offset);
      return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
    };
    await date.fill(localDay(-3));
    const fieldError = page.getByRole("tabpanel").getByText("The delivery date can't be in the past.");
    await fieldError.waitFor();
    await jobs.next();
    await jobs.toast("The delivery date can't be in the past.").waitFor();
    await jobs.stepHeading("Basic Information");
    await shot(page, "post-job-past-date", { fromTop: false });

    await date.fill(localDay(30));
    await expect(fieldError.count()).resolves.toBe(0);
    await jobs.next();
    await jobs.stepHeading("Users & Features");
  });
});

describe("errors show quickly", () => {
  it("a 404 job is asked for once and says so at once; a 5xx is retried once, quickly", async () => {
    const client = await signedIn("client", "Eve", "Errors");
    const page = client.page;
    const requestsTo = (path: string) => {
      const seen: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === path) seen.push(request.url());
      });
      return seen;
    };

    const missing = requestsTo("/api/jobs/987654");
    await page.goto("/jobs/987654");
    await page.getByRole("heading", { name: "Job not found" }).waitFor();
    // Nothing more is asked once the answer is shown: a 4xx is final.
    await page.getByRole("link", { name: "Back to Jobs" }).waitFor();
    expect(missing).toHaveLength(1);

    // A server failure: one retry (it might be a restart), then the error card, well within two seconds.
    const failing = requestsTo("/api/jobs/123456");
    let firstAsked: number | undefined;
    await page.route("**/api/jobs/123456", (route) => {
      firstAsked ??= Date.now();
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "UNAVAILABLE", title: "Error", message: "Down" } }),
      });
    });
    await page.goto("/jobs/123456");
    await page.getByText("Could not load job details. Please try again.").waitFor();
    // From the first request to the card: not the seconds of three retries with growing pauses.
    const elapsed = Date.now() - (firstAsked ?? Number.NaN);
    expect(failing).toHaveLength(2);
    expect(elapsed).toBeLessThan(2_000);
    await shot(page, "job-load-error", { fromTop: false });
  });
});

describe("trust pages", () => {
  it("the footer opens Contact, Terms, Privacy and Refund Policy; a sample work opens its detail", async () => {
    const page = await browser();
    await page.goto("/");
    const pages = [
      { link: "Contact", path: "/contact", heading: "Contact Us", text: "support@forgehire.local" },
      { link: "Terms", path: "/terms", heading: "Terms of Service", text: "released to the freelancer only once you approve" },
      { link: "Privacy", path: "/privacy", heading: "Privacy Policy", text: "We do not sell your data" },
      { link: "Refund Policy", path: "/refund-policy", heading: "Refund Policy", text: "Full refund before work starts" },
    ];
    for (const { link, path, heading, text } of pages) {
      await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: link, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await page.getByRole("main").getByText(text).first().waitFor();
      await shot(page, `trust${path.replace("/", "-")}`, { fromTop: false });
    }

    await page.goto("/sample-works");
    const card = page.getByRole("article", { name: "Bloom Florist Shop" });
    // No links to the clients' private sites.
    await expect(page.locator('main a[href^="http"]').count()).resolves.toBe(0);
    await card.getByRole("link", { name: "View details of Bloom Florist Shop" }).click();
    await page.waitForURL((url) => url.pathname === "/sample-works/bloom-florist");
    await page.getByRole("heading", { name: "Bloom Florist Shop", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "What was built" }).waitFor();
    await page.getByText("Same-day delivery slots limited by the shop's capacity").waitFor();
    await shot(page, "sample-work-detail", { fromTop: false });
    await page.getByRole("link", { name: "All Sample Works" }).click();
    await page.getByRole("heading", { name: "Our Sample Works" }).waitFor();
    await page.goto("/sample-works/no-such-work");
    await page.getByRole("heading", { name: "Sample work not found" }).waitFor();
  });
});
