import { describe, expect, it } from "vitest";
import { jobCreateBody } from "@forgehire/core";
import { createFreelancerProfile, createUser, postJob, startChat, type UserRecord } from "@forgehire/services";
import { shot } from "./support/browser.js";
import { appSession, unique } from "./support/session.js";
import { ChatPages } from "./pages/chat.js";
import { FreelancerPages } from "./pages/freelancers.js";

const session = appSession();

async function signedIn(userType: "client" | "freelancer" | "admin", firstName: string, lastName = "Tester") {
  const me = await session.signIn(userType, firstName, { lastName });
  return { ...me, chat: new ChatPages(me.page), freelancers: new FreelancerPages(me.page) };
}

describe("chat in the browser", () => {
  it("a client starts a chat from a profile; the freelancer, in another browser, sees the message without reloading", async () => {
    const freelancer = await signedIn("freelancer", "Nova", "Quill");
    const actor = { id: freelancer.user.id, userType: freelancer.user.userType, roleType: freelancer.user.roleType };
    const profile = await createFreelancerProfile(session.server.services, actor, {
      title: "Voice Agent Builder",
      bio: "Voice agents for clinics.",
      hourlyRate: 65,
      skills: ["Whisper"],
      domains: ["Voice & Speech"],
    });

    await freelancer.page.goto("/messages");
    await freelancer.page.getByText("You haven't started any conversations yet.").waitFor();
    await shot(freelancer.page, "messages-empty", { fromTop: false });

    const client = await signedIn("client", "Carla", "Poster");
    await client.page.goto("/freelancers");
    await client.freelancers.card("Nova Quill").getByRole("link", { name: "View Profile" }).click();
    await client.page.getByRole("button", { name: "Chat with Freelancer" }).click();
    await client.page.waitForURL((url) => url.pathname.startsWith("/messages/"));
    expect(decodeURIComponent(new URL(client.page.url()).pathname)).toBe(`/messages/${client.user.id}_freelancer_${profile.freelancer.id}`);
    await client.chat.dialog.getByText("Untitled Project").waitFor();
    await client.chat.send("Hello Nova, can you build a booking bot?");
    await client.chat.log.getByText("Hello Nova, can you build a booking bot?").waitFor();

    // The freelancer's page was loaded before the room existed: the room list refreshes on its own, the nav shows
    // the unread count, and the open dialog receives the next message live.
    await freelancer.page.getByRole("link", { name: "Messages (1 unread)" }).waitFor();
    // The server keeps the count, so a reload shows it again.
    await freelancer.page.reload();
    await freelancer.page.getByRole("link", { name: "Messages (1 unread)" }).waitFor();
    const card = freelancer.chat.roomCard("Carla Poster");
    await card.getByText("Hello Nova, can you build a booking bot?").waitFor();
    await card.getByLabel("1 unread messages").waitFor();
    await shot(freelancer.page, "messages-rooms", { fromTop: false });
    await card.getByRole("button", { name: "Open Chat" }).click();
    await freelancer.chat.log.getByText("Hello Nova, can you build a booking bot?").waitFor();
    // Opening the chat reads it: the badge goes while the dialog is open (which hides the nav from the a11y tree,
    // hence the attribute rather than the role).
    const messagesIcon = freelancer.page.locator('header a[href="/messages"]');
    await expect.poll(() => messagesIcon.getAttribute("aria-label")).toBe("Messages");

    await client.chat.send("It should also send reminders.");
    await freelancer.chat.log.getByText("It should also send reminders.").waitFor();
    await freelancer.chat.send("Yes, I can do that.");
    await client.chat.log.getByText("Yes, I can do that.").waitFor();
    await shot(freelancer.page, "chat-dialog", { fromTop: false });
    // Read: a message that arrived while the dialog was open is read too; once it closes the nav shows no count,
    // and the same after a reload, once the server has answered 0.
    await expect.poll(() => messagesIcon.getAttribute("aria-label")).toBe("Messages");
    await freelancer.chat.dialog.getByRole("button", { name: "Close" }).click();
    await freelancer.page.getByRole("link", { name: "Messages", exact: true }).waitFor();
    await expect.poll(() => card.getByLabel(/unread messages/).count()).toBe(0);
    const unreadAnswer = freelancer.page.waitForResponse((response) => new URL(response.url()).pathname === "/api/chat/unread" && response.ok());
    await freelancer.page.reload();
    expect(await (await unreadAnswer).json()).toEqual({ rooms: 0 });
    await freelancer.page.getByRole("link", { name: "Messages", exact: true }).waitFor();
    // The card's text and its unread count come in one answer, so once the text shows the count is settled.
    await card.getByText("Yes, I can do that.").waitFor();
    expect(await card.getByLabel(/unread messages/).count()).toBe(0);
  });

  it("an admin contacts a job's poster from the job page, once per job, and the poster reads the message", async () => {
    const poster = await signedIn("client", "Paula", "Poster");
    const input = jobCreateBody.parse({ title: "Corner Bakery Shop", description: "An online shop for a corner bakery.", industry: "Others", scope: 50 });
    const { job } = await postJob(session.server.services, { id: poster.user.id, userType: poster.user.userType, roleType: poster.user.roleType }, input);

    const admin = await signedIn("admin", "Ada", "Min");

    await admin.page.goto(`/jobs/${job.id}`);
    await admin.page.getByRole("button", { name: "Contact Poster" }).click();
    await admin.page.getByText("You can now communicate with the job poster").waitFor();
    await admin.page.waitForURL((url) => url.pathname.startsWith("/messages/"));
    const roomPath = new URL(admin.page.url()).pathname;
    await admin.chat.dialog.getByText("Corner Bakery Shop").first().waitFor();
    await admin.chat.send("Hello Paula, a question about your bakery shop.");
    await admin.chat.log.getByText("Hello Paula, a question about your bakery shop.").waitFor();
    await shot(admin.page, "admin-contact-poster", { fromTop: false });

    // A second time, the same room opens, with its history.
    await admin.page.goto(`/jobs/${job.id}`);
    await admin.page.getByRole("button", { name: "Contact Poster" }).click();
    await admin.page.waitForURL((url) => url.pathname === roomPath);
    await admin.chat.log.getByText("Hello Paula, a question about your bakery shop.").waitFor();

    await poster.page.goto("/messages");
    await poster.chat.roomCard("Corner Bakery Shop").getByText("Hello Paula, a question about your bakery shop.").waitFor();
    // The poster's own job page offers no Contact Poster.
    await poster.page.goto(`/jobs/${job.id}`);
    await poster.page.getByRole("heading", { name: "Corner Bakery Shop" }).waitFor();
    await expect(poster.page.getByRole("button", { name: "Contact Poster" }).count()).resolves.toBe(0);
  });

  it("lists rooms 30 at a time, with Show older conversations for the rest", async () => {
    const { server } = session;
    const freelancer = await signedIn("freelancer", "Orion", "Busy");
    const actorOf = (user: UserRecord) => ({ id: user.id, userType: user.userType, roleType: user.roleType });
    const profile = await createFreelancerProfile(server.services, actorOf(freelancer.user), {
      title: "Busy Bot",
      bio: "Many clients.",
      hourlyRate: 30,
      skills: ["Whisper"],
      domains: ["Voice & Speech"],
    });
    for (let i = 0; i < 31; i++) {
      const client = await createUser(server.services, {
        email: unique(`c${i}`),
        password: "client-pass",
        firstName: `Client${i}`,
        lastName: "Many",
        userType: "client",
      });
      await startChat(server.services, actorOf(client), { freelancerId: profile.freelancer.id });
    }
    await freelancer.page.goto("/messages");
    const cards = freelancer.page.getByTestId("chat-room-card");
    await expect.poll(() => cards.count()).toBe(30);
    await freelancer.page.getByRole("button", { name: "Show older conversations" }).click();
    await expect.poll(() => cards.count()).toBe(31);
    // The oldest room, the first one started, is the one the second page brought.
    await cards.filter({ hasText: "Client0 Many" }).waitFor();
    await expect(freelancer.page.getByRole("button", { name: "Show older conversations" }).count()).resolves.toBe(0);
  });

  it("asks a signed-out visitor to sign in on /messages", async () => {
    const { page } = await session.browser();
    await page.goto("/messages");
    await page.getByText("Please sign in to view your messages.").waitFor();
  });
});
