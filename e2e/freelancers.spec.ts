import { describe, expect, it } from "vitest";
import { shot } from "./support/browser.js";
import { appSession } from "./support/session.js";
import { FreelancerPages, pdfBytes, pngBytes } from "./pages/freelancers.js";

const session = appSession();

async function signedIn(userType: "client" | "freelancer", firstName: string, lastName = "Tester") {
  const me = await session.signIn(userType, firstName, { lastName });
  return { ...me, freelancers: new FreelancerPages(me.page) };
}

describe("freelancer profiles in the browser", () => {
  it("a freelancer creates a profile with the pickers' limits, uploads an avatar and a document; a client finds it", async () => {
    const { page, freelancers } = await signedIn("freelancer", "Nova", "Quill");
    await page.goto("/create-profile");
    await page.getByRole("heading", { name: "Create Your Freelancer Profile" }).waitFor();
    expect(await page.getByLabel("Professional Title").getAttribute("placeholder")).toBe("AI Bot Developer");
    await page.getByText("Please select at least one skill").waitFor();
    await page.getByText("Please select at least one domain").waitFor();
    const submit = page.getByRole("button", { name: "Create Profile" });
    expect(await submit.isDisabled()).toBe(true);

    await freelancers.fillCreateProfile({
      title: "Voice Agent Builder",
      bio: "I build voice agents that book appointments and answer support calls around the clock for small clinics.",
      hourlyRate: "65",
    });
    for (const skill of ["OpenAI GPT", "Whisper", "ElevenLabs"]) await freelancers.pick("Skills", skill);
    await freelancers.picker("Skills").getByText("Maximum skills selected").first().waitFor();
    expect(await freelancers.picker("Skills").getByRole("combobox").getAttribute("aria-disabled")).toBe("true");
    // Removing a chip frees the picker again, and a chosen option is disabled in the list.
    await freelancers.picker("Skills").getByRole("button", { name: "Whisper" }).locator("svg").click();
    await freelancers.picker("Skills").getByRole("combobox").click();
    expect(await page.getByRole("option", { name: "OpenAI GPT", exact: true }).getAttribute("aria-disabled")).toBe("true");
    await page.getByRole("option", { name: "Whisper", exact: true }).click();
    expect(await submit.isDisabled()).toBe(true);
    await freelancers.pick("Domains", "Voice & Speech");
    expect(await submit.isDisabled()).toBe(false);
    await shot(page, "create-profile");
    await submit.click();
    await page.getByText("Your profile has been created successfully").waitFor();
    await page.waitForURL((url) => url.pathname === "/manage-profile");
    await page.getByRole("heading", { name: "Manage Your Profile" }).waitFor();

    await freelancers.uploadAvatar("me.png", pngBytes, "image/png");
    await page.locator('img[alt="Nova Quill"]').waitFor();
    await freelancers.uploadDocument("portfolio.pdf", pdfBytes, "application/pdf");
    await page.getByRole("link", { name: "portfolio.pdf" }).waitFor();
    // A zip renamed .pdf is refused by the server, which reads the content.
    await freelancers.uploadDocument("fake.pdf", Buffer.from("PK\u0003\u0004 not really a pdf"), "application/pdf");
    await page.getByText("Only .pdf, .doc, .docx files are allowed").waitFor();
    await shot(page, "manage-profile");
    for (const language of ["English", "Spanish"]) await freelancers.pick("Languages", language);
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.waitForURL((url) => url.pathname === "/freelancers");
    await freelancers.card("Nova Quill").waitFor();

    const client = await signedIn("client", "Carla");
    await client.page.goto("/freelancers");
    await client.page.getByRole("heading", { name: "Browse AI Bots/Agents" }).waitFor();
    await client.freelancers.search("voice agent");
    const card = client.freelancers.card("Nova Quill");
    await card.getByText("$65/hr").waitFor();
    await client.freelancers.search("nobody-like-this");
    await client.page.getByText("No AI bots or agents match your search.").waitFor();
    await client.freelancers.search("whisper");
    await shot(client.page, "freelancers-directory");
    await card.getByRole("link", { name: "View Profile" }).click();
    await client.page.getByRole("heading", { name: "Nova Quill" }).waitFor();
    await client.page.getByText("No portfolio items yet").waitFor();
    await client.page.getByRole("link", { name: "portfolio.pdf" }).waitFor();
    await client.page.getByRole("button", { name: "Chat with Freelancer" }).waitFor();
    await shot(client.page, "freelancer-profile");

    await client.page.goto("/freelancers/00000000-0000-4000-8000-000000000000");
    await client.page.getByText("Freelancer not found").waitFor();
  });

  it("a freelancer adds a portfolio item, edits it and removes it; the profile page shows the edited card", async () => {
    const { page } = await signedIn("freelancer", "Orla", "Byte");
    const created = await page.request.post("/api/freelancers", {
      data: { title: "Voice Agent", bio: "I build voice agents.", hourlyRate: 40, skills: ["Whisper"], domains: ["Voice & Speech"] },
    });
    expect(created.status()).toBe(201);
    const profileId = ((await created.json()) as { id: string }).id;
    await page.goto("/manage-profile");
    const items = page.getByRole("list", { name: "Portfolio items" });

    await page.getByLabel("Item Title").fill("Clinic receptionist");
    await page.getByLabel("Project Link").fill("https://example.com/clinic");
    await page.getByRole("button", { name: "Add Portfolio Item" }).click();
    await items.getByText("Clinic receptionist").waitFor();
    await expect.poll(() => page.getByLabel("Item Title").inputValue()).toBe("");

    await page.getByRole("button", { name: "Edit Clinic receptionist" }).click();
    await expect.poll(() => page.getByLabel("Project Link").inputValue()).toBe("https://example.com/clinic");
    await page.getByLabel("Item Title").fill("Dental clinic receptionist");
    await page.getByLabel("Description").fill("Answers calls and books appointments.");
    await shot(page, "portfolio-item-edit");
    await page.getByRole("button", { name: "Save Portfolio Item" }).click();
    await items.getByText("Dental clinic receptionist").waitFor();
    await expect(items.getByRole("listitem").count()).resolves.toBe(1);
    await expect(page.getByRole("button", { name: "Add Portfolio Item" }).isVisible()).resolves.toBe(true);

    await page.goto(`/freelancers/${profileId}`);
    await page.getByText("Dental clinic receptionist").waitFor();
    await page.getByText("Answers calls and books appointments.").waitFor();
    await expect(page.getByRole("link", { name: "View Project" }).getAttribute("href")).resolves.toBe("https://example.com/clinic");

    await page.goto("/manage-profile");
    await page.getByRole("button", { name: "Remove Dental clinic receptionist" }).click();
    await items.getByText("Dental clinic receptionist").waitFor({ state: "detached" });

    // Only clients start chats: the server refuses a freelancer, and the page says so.
    await page.goto(`/freelancers/${profileId}`);
    await page.getByRole("button", { name: "Chat with Freelancer" }).click();
    await page.getByText("Only clients can start chats with freelancers").waitFor();
    expect(new URL(page.url()).pathname).toBe(`/freelancers/${profileId}`);
  });

  it("says so when the directory or a profile cannot be loaded", async () => {
    const { page } = await signedIn("client", "Cora");
    // The API answers 503 with no body, as a proxy would with the server down.
    await page.route("**/api/freelancers**", (route) => route.fulfill({ status: 503, body: "" }));
    await page.goto("/freelancers");
    await page.getByText("Error loading freelancers").waitFor();
    await page.goto("/freelancers/00000000-0000-4000-8000-000000000000");
    await page.getByText("Error loading freelancer profile").waitFor();
  });

  it("tells a client that /create-profile is not for their account type, with a way on", async () => {
    const { page } = await signedIn("client", "Cleo");
    await page.goto("/create-profile");
    await page.getByRole("heading", { name: "Not available for your account type" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Post a Requirement" }).click();
    await page.waitForURL((url) => url.pathname === "/post-job");
  });
});
