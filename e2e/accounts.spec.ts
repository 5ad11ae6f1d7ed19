import { describe, expect, it } from "vitest";
import { createUser } from "@forgehire/services";
import { screenshot } from "./support/browser.js";
import { appSession, mailCatcher, unique } from "./support/session.js";
import { PortalPage } from "./pages/portal.js";

// Reset links reach the recipient only, over SMTP: the test reads them as a mail client would.
const mail = mailCatcher();
const session = appSession(() => ({ SMTP_URL: mail().url }));

async function portal() {
  return new PortalPage((await session.browser()).page);
}

describe("accounts in the browser", () => {
  it("a visitor signs up as a client, lands on home and sees the client's nav", async () => {
    const p = await portal();
    await p.page.goto("/signup");
    // The screen is its own lazy chunk: wait for the form, not the loader, before the picture.
    await p.page.getByRole("heading", { name: "Create Your Account" }).waitFor();
    await screenshot(p.page, "signup");
    await p.signUp({ kind: "Post a Requirement", firstName: "Clara", lastName: "Client", email: unique("clara"), password: "clara-pass" });
    await p.page.waitForURL(`${session.server.url}/`);
    await p.nav.getByRole("link", { name: "Post a Requirement" }).waitFor();
    const items = await p.navItems();
    expect(items).toEqual(expect.arrayContaining(["Find Requirement", "Browse AI Bots/Agents", "Sample Works", "How it Works", "Post a Requirement"]));
    expect(items).not.toContain("Update Agent Profile");
    expect(items).not.toContain("Admin Dashboard");
    expect(items).not.toContain("Sign In");
    await expect(p.page.getByRole("link", { name: "Get Started" }).count()).resolves.toBe(0);
    await expect(p.page.getByRole("button", { name: "My Account" }).innerText()).resolves.toBe("CC");
    await screenshot(p.page, "home-client");
  });

  it("a visitor signs up as a freelancer and is sent to create a profile", async () => {
    const p = await portal();
    await p.signUp({ kind: "Work as Freelancer", firstName: "Fred", lastName: "Lance", email: unique("fred"), password: "fred-pass" });
    await p.page.waitForURL(`${session.server.url}/create-profile`);
    await p.nav.getByRole("link", { name: "Update Agent Profile" }).waitFor();
    await p.nav.getByRole("link", { name: "Messages" }).waitFor();
    expect(await p.navItems()).not.toContain("Post a Requirement");
    await screenshot(p.page, "create-profile-placeholder");
  });

  it("signup shows the server's error for a taken email", async () => {
    const { server } = session;
    const email = unique("taken");
    await createUser(server.services, { email, password: "taken-pass", firstName: "T", lastName: "Aken", userType: "client" });
    const p = await portal();
    await p.signUp({ kind: "Post a Requirement", firstName: "T", lastName: "Aken", email, password: "taken-pass" });
    await p.page.getByText("This email is already registered").waitFor();
    expect(p.page.url()).toBe(`${server.url}/signup`);
  });

  it("a client logs in with the show/hide toggle, then logs out", async () => {
    const { server } = session;
    const email = unique("login");
    await createUser(server.services, { email, password: "login-pass", firstName: "Lou", lastName: "Gin", userType: "client" });
    const p = await portal();
    await p.page.goto("/login");
    await p.page.getByLabel("Password", { exact: true }).fill("login-pass");
    await expect(p.page.getByLabel("Password", { exact: true }).getAttribute("type")).resolves.toBe("password");
    await p.page.getByRole("button", { name: "Show" }).click();
    await expect(p.page.getByLabel("Password", { exact: true }).getAttribute("type")).resolves.toBe("text");
    await screenshot(p.page, "login");

    await p.logIn(email, "wrong-pass");
    await p.page.getByText("Invalid email or password. Please try again.").waitFor();

    await p.logIn(email, "login-pass");
    await p.page.waitForURL(`${server.url}/`);
    await p.page.getByText("Logged in successfully!").waitFor();
    const menu = await p.openAccountMenu();
    const entries = await menu.getByRole("menuitem").allInnerTexts();
    expect(entries.map((e) => e.trim())).toEqual(["Update Profile", "My Jobs", "Billing", "Sign Out"]);
    await p.page.keyboard.press("Escape");

    await p.logOut();
    await p.page.waitForURL(`${server.url}/`);
    await p.nav.getByRole("link", { name: "Sign In" }).waitFor();
    await p.page.reload();
    await p.nav.getByRole("link", { name: "Sign In" }).waitFor();
    const me = await p.page.request.get(`${server.url}/api/auth/me`);
    expect(me.status()).toBe(401);
  });

  it("an admin logs in, lands on the dashboard and has the admin nav and menu", async () => {
    const { server } = session;
    const email = unique("admin");
    await createUser(server.services, { email, password: "admin-pass", firstName: "Ada", lastName: "Min", userType: "admin" });
    const p = await portal();
    await p.logIn(email, "admin-pass");
    // The Admin Dashboard is the back office's home page.
    await p.page.waitForURL(`${server.url}/admin/`);
    await p.page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    await p.page.getByText("Complete Project Status Overview").waitFor();
    await screenshot(p.page, "admin-dashboard");

    await p.page.goto("/");
    await p.nav.getByRole("link", { name: "Admin Dashboard" }).waitFor();
    expect(await p.navItems()).not.toContain("Post a Requirement");
    const menu = await p.openAccountMenu();
    const entries = (await menu.getByRole("menuitem").allInnerTexts()).map((e) => e.trim());
    expect(entries).toEqual(expect.arrayContaining(["Update Profile", "My Jobs", "Admin Dashboard", "Communication Hub", "Sign Out"]));
    await menu.getByRole("menuitem", { name: "Communication Hub" }).click();
    await p.page.waitForURL(`${server.url}/admin/#/communication`);
    await p.page.getByRole("tab", { name: "All Projects" }).waitFor();

    // The portal's own admin addresses lead to the same screens.
    await p.page.goto("/admin-messages");
    await p.page.waitForURL(`${server.url}/admin/#/communication`);
    await p.page.getByRole("heading", { name: "Communication Hub", level: 1 }).waitFor();
    await p.page.goto("/admin-dashboard");
    await p.page.waitForURL(`${server.url}/admin/`);
    await p.page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
  });

  it("a client who opens the portal's admin dashboard address is told that admin access is required", async () => {
    const { server } = session;
    const email = unique("notadmin");
    await createUser(server.services, { email, password: "client-pass", firstName: "Cli", lastName: "Ent", userType: "client" });
    const p = await portal();
    await p.logIn(email, "client-pass");
    await p.page.waitForURL(`${server.url}/`);
    await p.page.goto("/admin-dashboard");
    await p.page.waitForURL(`${server.url}/admin/`);
    await p.page.getByText("Admin access required").waitFor();
    await p.page.getByText(`You are signed in as ${email}, which is not an admin account.`).waitFor();
    await screenshot(p.page, "admin-dashboard-not-admin");
  });

  it("a signed-out visitor sees the nav for visitors and the Login Required notice on the listing", async () => {
    const p = await portal();
    await p.page.goto("/");
    await p.page.getByRole("heading", { name: "Get the Project Done by Top AI Freelancers" }).waitFor();
    await p.page.getByRole("link", { name: "Get Started" }).first().waitFor();
    expect(await p.navItems()).toEqual(expect.arrayContaining(["Sign In", "Get Started"]));
    await screenshot(p.page, "home-visitor");
    await p.page.goto("/jobs");
    await p.page.getByRole("region", { name: "Login Required" }).waitFor();
    await screenshot(p.page, "jobs-login-required");
  });

  it("a user resets a forgotten password through the emailed link", async () => {
    const { server } = session;
    const email = unique("forgot");
    await createUser(server.services, { email, password: "old-password", firstName: "For", lastName: "Got", userType: "client" });
    const p = await portal();
    await p.page.goto("/login");
    await p.page
      .getByRole("link", { name: "Forgot Password?" })
      .or(p.page.getByRole("button", { name: "Forgot Password?" }))
      .click();
    const dialog = p.page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await screenshot(p.page, "reset-dialog");
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await dialog.getByText("Check your email").waitFor();

    const link = await mail().resetLink(email);
    expect(link.startsWith(`${server.url}/change-password?token=`)).toBe(true);

    await p.page.goto(link);
    await p.page.getByLabel("New Password").fill("new-password");
    await p.page.getByLabel("Confirm Password").fill("not-the-same");
    await p.page.getByRole("button", { name: "Update Password" }).click();
    await p.page.getByText("Passwords do not match").waitFor();
    await screenshot(p.page, "change-password");
    await p.page.getByLabel("Confirm Password").fill("new-password");
    await p.page.getByRole("button", { name: "Update Password" }).click();
    await p.page.getByText("Password updated successfully!").first().waitFor();
    await p.page.waitForURL(`${server.url}/login`);

    await p.logIn(email, "new-password");
    await p.page.waitForURL(`${server.url}/`);

    // The link is spent: opening it again shows the expired state with Request New Link.
    await p.page.goto(link);
    await p.page.getByText("Invalid or expired recovery link. Please request a new one.").waitFor();
    await screenshot(p.page, "change-password-expired");
    await p.page.getByRole("button", { name: "Request New Link" }).click();
    await p.page.waitForURL(`${server.url}/login`);
    await p.page.getByRole("dialog").getByText("Reset password").waitFor();
  });

  it("the reset dialog says that no email can be sent when the site has no mail server", async () => {
    const p = await portal();
    await p.page.goto("/login");
    // A deployment that never had SMTP answers delivery "none" (faked here: this server sends mail).
    await p.page.route("**/api/auth/recover", (route) => route.fulfill({ status: 202, json: { ok: true, delivery: "none" } }));
    await p.page
      .getByRole("link", { name: "Forgot Password?" })
      .or(p.page.getByRole("button", { name: "Forgot Password?" }))
      .click();
    const dialog = p.page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(unique("nomail"));
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await dialog.getByText("No email can be sent: this site has no mail server. Ask an administrator to reset your password.").waitFor();
    expect(await p.page.getByText("Password reset email sent!").count()).toBe(0);
    await screenshot(p.page, "reset-dialog-no-mail");
  });

  it("a signed-in user updates their name on the Update Profile page", async () => {
    const { server } = session;
    const email = unique("profile");
    await createUser(server.services, { email, password: "profile-pass", firstName: "Pro", lastName: "File", userType: "client" });
    const p = await portal();
    await p.logIn(email, "profile-pass");
    await p.page.waitForURL(`${server.url}/`);
    await p.page.goto("/update-profile");
    await p.page.getByRole("tab", { name: "Profile Information" }).waitFor();
    await p.page.getByLabel("First Name").fill("Renamed");
    await p.page.getByRole("button", { name: "Save Changes" }).click();
    await p.page.getByText("Profile updated successfully").waitFor();
    await screenshot(p.page, "update-profile");
    const row = await server.services.db("users").where({ email }).first();
    expect(row.first_name).toBe("Renamed");
    await p.page.getByRole("tab", { name: "Password & Security" }).click();
    await screenshot(p.page, "update-profile-password");
  });
});
