import { describe, expect, it } from "vitest";
import type { Actor } from "@forgehire/core";
import { createFreelancerProfile, postChatMessage, startChat } from "@forgehire/services";
import { shot } from "./support/browser.js";
import { appSession } from "./support/session.js";
import { BackOfficePage } from "./pages/back-office.js";
import { ChatPages } from "./pages/chat.js";

const session = appSession();

const actorOf = (user: Actor): Actor => ({ id: user.id, userType: user.userType, roleType: user.roleType });

describe("the Communication Hub", () => {
  it("an admin reads a client–freelancer room, joins it and posts, the client seeing both live; new messages reach the hub with their unread count", async () => {
    const services = session.server.services;
    const freelancer = await session.signIn("freelancer", "Nova", { lastName: "Quill" });
    const { freelancer: profile } = await createFreelancerProfile(services, actorOf(freelancer.user), {
      title: "Voice Agent Builder",
      bio: "Voice agents for clinics.",
      hourlyRate: 65,
      skills: ["Whisper"],
      domains: ["Voice & Speech"],
    });
    const client = await session.signIn("client", "Carla", { lastName: "Poster" });
    const { room } = await startChat(services, actorOf(client.user), { freelancerId: profile.id });
    await postChatMessage(services, actorOf(client.user), room.roomId, { content: "Can you build a booking bot?" });

    const admin = await session.signIn("admin", "Ada", { lastName: "Support" });
    const office = new BackOfficePage(admin.page);
    await office.open("/communication");
    const card = office.main.getByRole("listitem", { name: "Carla Poster and Nova Quill" });
    await card.getByText("Can you build a booking bot?").waitFor();
    await card.getByText("Read only").waitFor();
    await card.getByText("1 unread").waitFor();
    await shot(admin.page, "admin-hub-conversations");

    // Read only: the messages, no composer, and the explicit join.
    await card.getByRole("button", { name: "Open Chat" }).click();
    const dialog = office.dialog;
    await dialog.getByRole("log", { name: "Messages" }).getByText("Can you build a booking bot?").waitFor();
    await dialog.getByText("you are not a member of this conversation", { exact: false }).waitFor();
    expect(await dialog.getByPlaceholder("Type your message...").count()).toBe(0);
    await office.dialogSettled();
    await shot(admin.page, "admin-hub-read-only", { fromTop: false });

    // The client has the room open in the portal: the join and the admin's post arrive without a reload.
    await client.page.goto(`/messages/${encodeURIComponent(room.roomId)}`);
    const clientChat = new ChatPages(client.page);
    await clientChat.log.getByText("Can you build a booking bot?").waitFor();

    await dialog.getByRole("button", { name: "Join the conversation" }).click();
    await dialog.getByText("Ada Support joined the conversation", { exact: false }).waitFor();
    await clientChat.log.getByText("Ada Support joined the conversation").waitFor();
    await dialog.getByPlaceholder("Type your message...").fill("Hello from Forgehire support");
    await dialog.getByPlaceholder("Type your message...").press("Enter");
    await clientChat.log.getByText("Hello from Forgehire support").waitFor();
    await shot(admin.page, "admin-hub-joined", { fromTop: false });
    await shot(client.page, "admin-hub-client-sees-join", { fromTop: false });

    // Back in the hub, the admin a member now: the client's next message moves the card with its unread count.
    await dialog.getByRole("button", { name: "Close" }).click();
    await card.getByText("Read only").waitFor({ state: "detached" });
    await clientChat.send("Thanks, the bot also needs reminders");
    await card.getByText("Thanks, the bot also needs reminders").waitFor();
    await card.getByText("1 unread").waitFor();
    await shot(admin.page, "admin-hub-live-unread");

    // By Project: the room under its project, found by the freelancer's name.
    await office.main.getByRole("tab", { name: "By Project" }).click();
    await office.main.getByRole("textbox", { name: "Search by project, client or freelancer..." }).fill("Nova Quill");
    await office.main.getByRole("listitem", { name: "Untitled Project" }).getByRole("listitem", { name: "Carla Poster and Nova Quill" }).waitFor();
    await shot(admin.page, "admin-hub-by-project");
  });
});
