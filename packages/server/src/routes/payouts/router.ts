import express, { Router } from "express";
import { z } from "zod";
import { paginationQuery } from "@forgehire/core";
import { completeTestOnboarding, findTestOnboarding, listMyPayouts, startOnboarding, TEST_ONBOARDING_PATH, type Services } from "@forgehire/services";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";

const testAccount = z.object({ account: z.string().regex(/^acct_test_[a-z0-9]{1,40}$/, "Unknown account") });

/** The test provider's onboarding page: what Stripe's hosted onboarding is to a Stripe deployment, one button here. */
function onboardingPage(accountId: string, email: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="referrer" content="same-origin"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Payouts setup · Forgehire test provider</title>
<style>
body { font-family: system-ui, sans-serif; background: #f5f7fb; color: #1a1f36; margin: 0; }
main { max-width: 34rem; margin: 4rem auto; background: #fff; border: 1px solid #dde3ee; border-radius: 12px; padding: 2rem; }
h1 { margin-top: 0; font-size: 1.6rem; }
p { line-height: 1.5; }
button { font: inherit; font-weight: 600; color: #fff; background: #1565c0; border: 0; border-radius: 8px; padding: .7rem 1.4rem; cursor: pointer; }
a { color: #1565c0; }
.note { color: #4f566b; font-size: .9rem; }
</style></head>
<body>
<main>
<h1>Set up payouts</h1>
<p>Forgehire pays your released earnings to your own account. This is the built-in test payment provider's
onboarding, standing in for Stripe Connect: no bank details are asked.</p>
<p class="note">Account <code>${accountId}</code> · ${email}</p>
<form method="post" action="${TEST_ONBOARDING_PATH}">
<input type="hidden" name="account" value="${accountId}">
<button type="submit">Complete onboarding</button>
</form>
<p><a href="/earnings">Back to earnings</a></p>
</main>
</body>
</html>`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Payouts to freelancers (API.md "Delivery, held funds and payouts"): onboarding, the freelancer's transfers, and the test provider's page. */
export function payoutsRouter(services: Services): Router {
  const router = Router();
  router.use("/payouts", requireUser);

  router.post("/payouts/onboarding", async (req, res) => {
    res.json(await startOnboarding(services, currentActor(req)));
  });

  router.get("/payouts", async (req, res) => {
    const page = parse(paginationQuery, req.query);
    res.set("Cache-Control", "private, no-store").json(await listMyPayouts(services, currentActor(req), page));
  });

  router.get(TEST_ONBOARDING_PATH.replace(/^\/api/, ""), async (req, res) => {
    const { account } = parse(testAccount, req.query);
    const found = await findTestOnboarding(services, currentActor(req), account);
    const user = req.user!;
    res
      .set("Cache-Control", "private, no-store")
      // Under the app's no-referrer policy a form's POST goes out with `Origin: null`, which the CSRF check refuses:
      // this page's own form names its origin.
      .set("Referrer-Policy", "same-origin")
      .type("html")
      .send(onboardingPage(escapeHtml(found.providerAccountId), escapeHtml(user.email)));
  });

  // The page's form posts here (a same-origin form: the CSRF check sees our own Origin); the JSON shape works too.
  router.post(TEST_ONBOARDING_PATH.replace(/^\/api/, ""), express.urlencoded({ extended: false, limit: "4kb" }), async (req, res) => {
    const { account } = parse(testAccount, req.body ?? {});
    const updated = await completeTestOnboarding(services, currentActor(req), account);
    if (req.is("application/json")) return res.json({ payoutsEnabled: updated.payoutsEnabled });
    res.redirect(303, "/earnings?payouts=done");
  });

  return router;
}
