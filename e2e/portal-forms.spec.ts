import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { shot } from "./support/browser.js";
import { appSession } from "./support/session.js";
import { JobsPages } from "./pages/jobs.js";
import { pngBytes } from "./pages/freelancers.js";

const session = appSession();

async function signedIn(userType: "client" | "freelancer", firstName: string) {
  const me = await session.signIn(userType, firstName);
  return { ...me, jobs: new JobsPages(me.page) };
}

/** Accepts the browser's "leave site?" prompt of the next reload, and says whether one was shown. */
function acceptBeforeUnload(page: Page): Promise<boolean> {
  return new Promise((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(dialog.type() === "beforeunload");
      void dialog.accept();
    });
  });
}

describe("the posting wizard keeps a draft", () => {
  it("a reload keeps the typed requirement and its step, a nav click asks first, and posting clears the draft", async () => {
    const { server } = session;
    const { page, jobs } = await signedIn("client", "Dora");
    await page.goto("/post-job");
    await jobs.stepHeading("Basic Information");
    await jobs.chooseIndustry("Healthcare");
    await page.getByLabel("Title").fill("Clinic Reminder Bot");
    await page.getByLabel("Description").fill("Reminds patients of their appointments by text message the day before.");
    await page.getByRole("radio", { name: /^Simple Application:/ }).click();
    await page.getByRole("checkbox", { name: "Deployment" }).check();
    await jobs.next();
    await jobs.stepHeading("Users & Features");
    await page.getByLabel("Target Audience").fill("Dental clinics");

    // A reload asks first (the browser's own prompt), then brings back every field and the step.
    const prompted = acceptBeforeUnload(page);
    await page.reload();
    expect(await prompted).toBe(true);
    await jobs.stepHeading("Users & Features");
    await page.getByRole("alert").filter({ hasText: "We kept the requirement you were writing" }).waitFor();
    expect(await page.getByLabel("Target Audience").inputValue()).toBe("Dental clinics");
    await shot(page, "post-job-draft-restored");
    await page.getByRole("tab", { name: "Basic Information" }).click();
    expect(await page.getByLabel("Title").inputValue()).toBe("Clinic Reminder Bot");
    expect(await page.getByRole("checkbox", { name: "Deployment" }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: /^Simple Application:/, checked: true }).waitFor();

    // A nav click asks; Stay keeps the form, Leave goes, and coming back finds the draft.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Find Requirement" }).click();
    const leave = jobs.dialog("Leave this page?");
    await leave.getByText("It stays as a draft on this device").waitFor();
    await shot(page, "post-job-leave-prompt");
    await leave.getByRole("button", { name: "Stay" }).click();
    expect(new URL(page.url()).pathname).toBe("/post-job");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Find Requirement" }).click();
    await leave.getByRole("button", { name: "Leave" }).click();
    await page.waitForURL(`${server.url}/jobs`);
    await page.goto("/post-job");
    expect(await page.getByLabel("Title").inputValue()).toBe("Clinic Reminder Bot");

    // Posting it forgets the draft: the next requirement starts empty.
    await jobs.next();
    await jobs.next();
    await jobs.next();
    await jobs.stepHeading("Additional Information");
    await jobs.submit();
    await page.waitForURL(`${server.url}/jobs`);
    await jobs.card("Clinic Reminder Bot").waitFor();
    await page.goto("/post-job");
    await jobs.stepHeading("Basic Information");
    expect(await page.getByLabel("Title").inputValue()).toBe("");
    expect(await page.getByRole("alert").filter({ hasText: "We kept the requirement" }).count()).toBe(0);
  });
});

describe("Manage Your Profile", () => {
  it("uses the pickers, and a server refusal of one language highlights the Languages field", async () => {
    const { user, page } = await signedIn("freelancer", "Lena");
    const created = await page.request.post("/api/freelancers", {
      data: { title: "Voice Agent", bio: "I build voice agents.", hourlyRate: 40, skills: ["Whisper"], domains: ["Voice & Speech"] },
    });
    expect(created.status()).toBe(201);
    // An older profile holds a language the list no longer offers; the server refuses it on the next save (languages.1).
    await session.server.services
      .db("freelancers")
      .where({ user_id: user.id })
      .update({ languages: JSON.stringify(["English", "Klingon"]) });

    await page.goto("/manage-profile");
    await page.getByRole("heading", { name: "Manage Your Profile" }).waitFor();
    const languages = page.getByRole("group", { name: "Languages" });
    await languages.getByRole("button", { name: "Klingon" }).waitFor();
    // Skills and domains are chosen from core's lists, as on Create Profile.
    await page.getByRole("group", { name: "Skills" }).getByRole("combobox").click();
    await page.getByRole("option", { name: "OpenAI GPT", exact: true }).click();
    await page.getByRole("group", { name: "Domains" }).getByRole("button", { name: "Voice & Speech" }).waitFor();

    await page.getByRole("button", { name: "Save Profile" }).click();
    await languages.getByText("Please choose from the listed languages").waitFor();
    expect(await languages.getByRole("combobox").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("group", { name: "Skills" }).getByRole("combobox").getAttribute("aria-invalid")).not.toBe("true");
    await shot(page, "manage-profile-language-error");

    // Removing the refused language clears the error, and the profile saves.
    await languages.getByRole("button", { name: "Klingon" }).locator("svg").click();
    expect(await languages.getByText("Please choose from the listed languages").count()).toBe(0);
    await languages.getByRole("combobox").click();
    await page.getByRole("option", { name: "Spanish", exact: true }).click();
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.waitForURL((url) => url.pathname === "/freelancers");
    const saved = (await (await page.request.get("/api/freelancers/me")).json()) as { languages: string[]; skills: string[] };
    expect(saved.languages).toEqual(["English", "Spanish"]);
    expect(saved.skills).toEqual(["Whisper", "OpenAI GPT"]);
  });
});

describe("the wizard's layout", () => {
  it("the conditional fields keep their labels inside their boxes, and the step tabs stay on one line", async () => {
    const { page, jobs } = await signedIn("client", "Lara");
    await page.goto("/post-job");
    await jobs.stepHeading("Basic Information");
    // Every step tab is one line: as tall as the shortest one.
    const heights = await page.getByRole("tab").evaluateAll((tabs) => tabs.map((tab) => tab.getBoundingClientRect().height));
    expect(new Set(heights).size).toBe(1);
    const integration = await page.getByRole("tab", { name: "Integration & Compliance" }).evaluate((tab) => {
      const text = Array.from(tab.childNodes).find((node) => node.nodeType === Node.TEXT_NODE);
      const range = document.createRange();
      range.selectNodeContents(text!);
      return range.getClientRects().length;
    });
    expect(integration).toBe(1);
    await shot(page, "post-job-tabs");

    await jobs.chooseIndustry("Healthcare");
    await page.getByLabel("Title").fill("Fleet Dispatch App");
    await page.getByLabel("Description").fill("Dispatches trucks to orders and follows them on a map.");
    await page.getByRole("radio", { name: /^Complex Application:/ }).click();
    await jobs.next();
    await jobs.stepHeading("Users & Features");
    await page.getByRole("checkbox", { name: "Automation", exact: true }).check();
    const field = page.getByLabel("Automation logic");
    await field.fill("Assign the nearest free truck; escalate after 10 minutes.");
    const [label, box] = await Promise.all([
      page.locator("label", { hasText: "Automation logic" }).boundingBox(),
      field.locator("xpath=ancestor::div[contains(@class,'MuiOutlinedInput-root')]").boundingBox(),
    ]);
    expect(label!.x).toBeGreaterThanOrEqual(box!.x);
    expect(label!.x + label!.width).toBeLessThanOrEqual(box!.x + box!.width);
    await shot(page, "post-job-conditional-field");
  });
});

describe("attachments", () => {
  it("a bad attachment is refused with its reason and leaves the good ones; a failed upload after saving offers a retry", async () => {
    const { page, jobs } = await signedIn("client", "Ada");
    await page.goto("/post-job");
    await jobs.chooseIndustry("Healthcare");
    await page.getByLabel("Title").fill("Lab Results Portal");
    await page.getByLabel("Description").fill("Patients read their lab results online.");
    await page.getByRole("radio", { name: /^Static Website:/ }).click();
    for (let step = 0; step < 3; step++) await jobs.next();
    await jobs.stepHeading("Additional Information");

    // The browser reads the bytes: a program named .pdf and a binary named .txt are refused, each with its reason.
    await jobs.attach([
      { name: "brief.txt", mimeType: "text/plain", buffer: Buffer.from("Lab results brief\n") },
      { name: "tool.pdf", mimeType: "application/pdf", buffer: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(64)]) },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from([0x00, 0x01, 0x02, 0xff]) },
      { name: "scan.png", mimeType: "image/png", buffer: pngBytes },
    ]);
    const list = page.getByRole("list", { name: "Attachments" });
    await list.getByRole("listitem").filter({ hasText: "tool.pdf" }).getByText("Not attached: Its content is ELF, which is not allowed").waitFor();
    await list.getByRole("listitem").filter({ hasText: "notes.txt" }).getByText("Not attached: Its content is not an allowed type").waitFor();
    await list.getByRole("button", { name: "Remove brief.txt" }).waitFor();
    await list.getByRole("button", { name: "Remove scan.png" }).waitFor();
    await shot(page, "post-job-attachments-checked");

    // The server fails scan.png once (a proxy error); brief.txt is kept, and the job page offers to retry scan.png.
    let failNext = true;
    await page.route("**/api/jobs/*/files", async (route) => {
      const body = route.request().postDataBuffer()?.toString("latin1") ?? "";
      if (failNext && body.includes('filename="scan.png"')) {
        failNext = false;
        await route.fulfill({ status: 503, body: "" });
      } else await route.continue();
    });
    await jobs.submit();
    await page.waitForURL(/\/jobs\/\d+$/);
    const notice = page.getByRole("alert", { name: "Files not attached" });
    await notice.getByText("One file was not attached").waitFor();
    await notice.getByText("scan.png", { exact: true }).waitFor();
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const stored = () => session.server.services.db("files").where({ job_id: id }).orderBy("name").pluck("name");
    expect(await stored()).toEqual(["brief.txt"]);
    await shot(page, "job-detail-failed-upload");

    await notice.getByRole("button", { name: "Retry scan.png" }).click();
    await notice.waitFor({ state: "detached" });
    expect(await stored()).toEqual(["brief.txt", "scan.png"]);
    await page
      .getByRole("region", { name: "Attached Files" })
      .getByRole("button", { name: /scan\.png/ })
      .waitFor();
  });
});

describe("paid extras", () => {
  it("each extra says what it includes and adds; Custom Tech Stack asks which stack, shown on the requirements tab", async () => {
    const { page, jobs } = await signedIn("client", "Ines");
    await page.goto("/post-job");
    await jobs.chooseIndustry("Education");
    await page.getByLabel("Title").fill("Course Platform");
    await page.getByLabel("Description").fill("Teachers publish video courses; students enrol and follow their progress.");
    await page.getByRole("radio", { name: /^Simple Application:/ }).click();

    // Before choosing, the catalogue's rule; once chosen, the server's quote line for it.
    const stack = page.getByRole("checkbox", { name: "Custom Tech Stack" });
    expect(await stack.getAttribute("aria-describedby")).toBe("extra-customTechStack-help");
    const help = page.locator("#extra-customTechStack-help");
    await help.getByText("Built on the languages, frameworks and services you name").waitFor();
    await help.getByText("Adds the scope price again.").waitFor();
    await page.locator("#extra-hosting-help").getByText("Doubles the total so far.").waitFor();
    expect(await page.getByLabel("Which tech stack?").count()).toBe(0);
    await stack.check();
    await help.getByText("Adds $1,999 to your quote.").waitFor();
    await jobs.quoteTotal().filter({ hasText: "$3,998" }).waitFor();
    await page.getByLabel("Which tech stack?").fill("Next.js, PostgreSQL, AWS");
    await shot(page, "post-job-extras-explained");

    for (let step = 0; step < 3; step++) await jobs.next();
    await jobs.stepHeading("Additional Information");
    await jobs.submit();
    await page.waitForURL(`${session.server.url}/jobs`);
    await jobs
      .card("Course Platform")
      .getByRole("link", { name: /Course Platform/ })
      .click();
    const services = page.getByRole("region", { name: "Additional Services" });
    await services.getByText("Next.js, PostgreSQL, AWS").waitFor();
    await shot(page, "job-detail-custom-stack");

    // Returned in the requirements, and dropped with the extra.
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const read = async () => ((await (await page.request.get(`/api/jobs/${id}`)).json()) as { requirements: { customTechStack: string } }).requirements;
    expect((await read()).customTechStack).toBe("Next.js, PostgreSQL, AWS");
    const put = await page.request.put(`/api/jobs/${id}`, { data: { additionalServices: { customTechStack: false } } });
    expect(put.status()).toBe(200);
    expect((await read()).customTechStack).toBe("");
  });
});

/** Answers the next matching request with a 400 refusal of the given fields, as the API words one. */
async function refuseOnce(page: Page, url: string, method: string, fields: Record<string, string>) {
  let refused = false;
  await page.route(url, async (route) => {
    if (refused || route.request().method() !== method) return route.continue();
    refused = true;
    await route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "VALIDATION", title: "Validation Error", message: Object.values(fields)[0], fields } }),
    });
  });
}

describe("server refusals land on their fields", () => {
  it("Manage Profile: languages.1 marks the Languages picker, a path no field shows goes to the alert, and a change clears it", async () => {
    const { page } = await signedIn("freelancer", "Mira");
    const created = await page.request.post("/api/freelancers", {
      data: {
        title: "Chat Agent",
        bio: "I build chat agents.",
        hourlyRate: 30,
        skills: ["Whisper"],
        domains: ["Voice & Speech"],
        languages: ["English", "Spanish"],
      },
    });
    expect(created.status()).toBe(201);
    await page.goto("/manage-profile");
    await page.getByRole("heading", { name: "Manage Your Profile" }).waitFor();

    // Core's schema passes this form; the server (here a stand-in for a rule it alone knows) refuses the second language.
    await refuseOnce(page, "**/api/freelancers/me", "PATCH", { "languages.1": "Spanish is not offered this month", "profile.owner": "Ask support" });
    await page.getByRole("button", { name: "Save Profile" }).click();
    const languages = page.getByRole("group", { name: "Languages" });
    await languages.getByText("Spanish is not offered this month").waitFor();
    expect(await languages.getByRole("combobox").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("group", { name: "Skills" }).getByRole("combobox").getAttribute("aria-invalid")).not.toBe("true");
    await page.getByRole("alert").filter({ hasText: "Ask support" }).waitFor();
    await shot(page, "manage-profile-server-refusal");

    await languages.getByRole("button", { name: "Spanish" }).locator("svg").click();
    await expect.poll(() => languages.getByText("Spanish is not offered this month").count()).toBe(0);
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.waitForURL((url) => url.pathname === "/freelancers");
  });

  it("the wizard: Next names each missing field under it; a server refusal of the title opens step 1 with the message under Title", async () => {
    const { page, jobs } = await signedIn("client", "Noor");
    await page.goto("/post-job");
    await jobs.stepHeading("Basic Information");

    // Next with nothing filled: the 'Missing fields' toast, and each required field says so; typing clears its message.
    await jobs.next();
    await jobs.toast("Please fill all required fields before proceeding").waitFor();
    const panel = page.getByRole("tabpanel");
    for (const message of ["Industry is required", "Title is required", "Description is required", "Project scope is required"]) {
      await panel.getByText(message).waitFor();
    }
    expect(await page.getByLabel("Title").getAttribute("aria-invalid")).toBe("true");
    await shot(page, "post-job-missing-fields");
    await page.getByLabel("Title").fill("Pharmacy Stock Alerts");
    await expect.poll(() => panel.getByText("Title is required").count()).toBe(0);
    await jobs.chooseIndustry("Healthcare");
    await page.getByLabel("Description").fill("Warns the pharmacist when a medicine runs low.");
    await page.getByRole("radio", { name: /^Simple Application:/ }).click();
    await expect.poll(() => panel.getByText("Project scope is required").count()).toBe(0);
    for (let step = 0; step < 3; step++) await jobs.next();
    await jobs.stepHeading("Additional Information");

    await refuseOnce(page, "**/api/jobs", "POST", { title: "That title is taken by a live requirement" });
    await jobs.submit();
    await jobs.stepHeading("Basic Information");
    await panel.getByText("That title is taken by a live requirement").waitFor();
    expect(await page.getByLabel("Title").getAttribute("aria-invalid")).toBe("true");
    await shot(page, "post-job-server-refusal");

    // A new title clears the message, and the requirement posts.
    await page.getByLabel("Title").fill("Pharmacy Stock Warnings");
    await expect.poll(() => panel.getByText("That title is taken").count()).toBe(0);
    for (let step = 0; step < 3; step++) await jobs.next();
    await jobs.submit();
    await page.waitForURL(`${session.server.url}/jobs`);
    await jobs.card("Pharmacy Stock Warnings").waitFor();
  });
});
