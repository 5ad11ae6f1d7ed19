import { Router, type Request } from "express";
import { changePasswordBody, domainError, loginBody, recoverBody, resetBody, signupBody, profilePatchBody } from "@forgehire/core";
import {
  changePassword,
  isResetTokenValid,
  requestPasswordReset,
  resetPassword,
  sessionChannel,
  signUp,
  updateProfile,
  type Services,
  type UserRecord,
} from "@forgehire/services";
import { accountLoginLimit, authRateLimit } from "../../middlewares/rate-limit.js";
import { currentUser, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";
import { presentUser } from "../../presenters/present-user.js";
import { SESSION_COOKIE, type PassportInstance } from "../../middlewares/session.js";

/** Signs the user in on this request; passport regenerates the session id, so a planted one is useless. */
function logIn(req: Request, user: UserRecord): Promise<void> {
  return new Promise((resolve, reject) => req.login(user, (error) => (error ? reject(error) : resolve())));
}

function logOut(req: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    req.logout((error) => {
      if (error) return reject(error);
      req.session.destroy((destroyError) => (destroyError ? reject(destroyError) : resolve()));
    }),
  );
}

/** /api/auth and /api/profile: accounts as API.md says. */
export function authRouter(services: Services, passport: PassportInstance): Router {
  const router = Router();
  const limiter = authRateLimit(services, services.config.authRateLimit);
  const accountLimit = accountLoginLimit(services);

  router.post("/auth/signup", limiter, async (req, res) => {
    const input = parse(signupBody, req.body);
    const user = await signUp(services, input);
    await logIn(req, user);
    res.status(201).json({ user: presentUser(user) });
  });

  router.post("/auth/login", limiter, async (req, res, next) => {
    const input = parse(loginBody, req.body);
    req.body = input;
    await accountLimit.take(input.email, res);
    passport.authenticate("local", { session: false }, (error: unknown, user: UserRecord | false) => {
      if (error) return next(error);
      if (!user) return next(domainError("INVALID_CREDENTIALS"));
      // Taking the try back and starting the session are independent: both at once, one round trip less to wait.
      Promise.all([accountLimit.succeeded(input.email), logIn(req, user)]).then(() => res.json({ user: presentUser(user) }), next);
    })(req, res, next);
  });

  router.post("/auth/logout", async (req, res) => {
    if (req.session) {
      const sid = req.sessionID;
      await logOut(req);
      // The session is gone from the store: its sockets, on whichever process they are, go with it.
      services.realtime.disconnect(sessionChannel(sid));
    }
    res.clearCookie(SESSION_COOKIE, { path: "/" });
    res.status(204).end();
  });

  router.get("/auth/me", requireUser, (req, res) => {
    res.json({ user: presentUser(currentUser(req)) });
  });

  router.post("/auth/recover", limiter, async (req, res) => {
    const { email } = parse(recoverBody, req.body);
    // Answered before any lookup or mail, so the time to answer is the same whether or not the account exists;
    // the work runs after (awaited at shutdown), and a failure there is logged, never shown. `delivery` is the
    // deployment's, the same for every address: "none" when no process can send e-mail, so the page says so.
    res.status(202).json({ ok: true, delivery: await services.mailer.delivery() });
    services.background.run("password reset email", () => requestPasswordReset(services, email));
  });

  router.get("/auth/reset/:token", async (req, res) => {
    if (!(await isResetTokenValid(services, req.params.token))) throw domainError("INVALID_RESET_TOKEN");
    res.json({ valid: true });
  });

  router.post("/auth/reset", limiter, async (req, res) => {
    const input = parse(resetBody, req.body);
    await resetPassword(services, input, req.user ? req.sessionID : undefined);
    res.status(204).end();
  });

  router.put("/auth/password", requireUser, async (req, res) => {
    const input = parse(changePasswordBody, req.body);
    await changePassword(services, currentUser(req).id, input, req.sessionID);
    res.status(204).end();
  });

  router.patch("/profile", requireUser, async (req, res) => {
    const input = parse(profilePatchBody, req.body);
    const user = await updateProfile(services, currentUser(req).id, input);
    res.json({ user: presentUser(user) });
  });

  return router;
}
