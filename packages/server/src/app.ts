import { randomUUID } from "node:crypto";
import express, { type Express } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { redactUrl, type Services } from "@forgehire/services";
import { csrfProtection } from "./middlewares/csrf.js";
import { apiNotFound, errorHandler } from "./middlewares/error-handler.js";
import { apiUserRateLimit } from "./middlewares/rate-limit.js";
import { sessionMiddlewares } from "./middlewares/session.js";
import { jsonBody } from "./middlewares/json-body.js";
import { refuseNulInput } from "./middlewares/validate.js";
import { adminRouter } from "./routes/admin/router.js";
import { authRouter } from "./routes/auth/router.js";
import { catalogRouter } from "./routes/catalog/router.js";
import { filesRouter } from "./routes/files/router.js";
import { jobsRouter } from "./routes/jobs/router.js";
import { breakdownRouter } from "./routes/breakdown/router.js";
import { deliveryRouter } from "./routes/delivery/router.js";
import { earningsRouter } from "./routes/earnings/router.js";
import { payoutsRouter } from "./routes/payouts/router.js";
import { healthRouter } from "./routes/health/router.js";
import { freelancersRouter } from "./routes/freelancers/router.js";
import { reviewsRouter } from "./routes/reviews/router.js";
import { chatRouter } from "./routes/chat/router.js";
import { notificationsRouter } from "./routes/notifications/router.js";
import { paymentsRouter, stripeWebhookRouter } from "./routes/payments/router.js";
import { billingRouter } from "./routes/billing/router.js";
import { portalBoot } from "./portal-boot.js";
import { staticApps, webApps } from "./static-apps.js";

export interface AppOptions {
  /** The session middlewares, when the caller shares them with socket.io. */
  session?: ReturnType<typeof sessionMiddlewares>;
  /** 0 turns off the expired-session sweeper (tests). */
  sessionCleanupIntervalMs?: number;
  /** Serve the built portal and back office (off in API tests). */
  serveWebApps?: boolean;
  /** Where those builds are (tests serve a tiny one); the repository's by default. */
  webAppDirs?: { portal: string; admin: string };
  /**
   * Test only: builds /api/admin without its router guard, to prove each back-office use case refuses a non-admin
   * by itself. Set in code alone: neither the configuration nor the environment reaches it.
   */
  withoutAdminGuard?: true;
}

/**
 * The Express app: middlewares in order (request id and logs, security headers, session, cross-site check, body
 * parsing), the API routers, then the web apps. No business rule lives here.
 * @param services the wired use-case dependencies
 * @param options test switches
 * @returns the app
 */
export function createApp(services: Services, options: AppOptions = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  // No ETag on the API's answers: hashing each JSON body (46 kB for a page of the listing) cost every request a
  // sha1 to spare the rare revalidation the transfer. The web apps' files keep theirs (express.static sets its own).
  app.set("etag", false);
  // Only the configured proxies may name the client in X-Forwarded-For; anyone else could pick their own
  // rate-limit key with it.
  app.set("trust proxy", services.config.trustProxy);

  app.use(
    pinoHttp({
      logger: services.logger,
      genReqId: (req, res) => {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
      // Reset links carry their token in the URL; the access log keeps only the rest.
      serializers: {
        req: (req: { url?: string; headers?: Record<string, unknown> }) => {
          if (req.url) req.url = redactUrl(req.url);
          // A page opened from a reset link would name it as the Referer (helmet's no-referrer policy aside).
          const referer = req.headers?.referer;
          if (typeof referer === "string") req.headers = { ...req.headers, referer: redactUrl(referer) };
          return req;
        },
      },
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Stripe's Payment Element loads from js.stripe.com; everything else is our own origin.
          "script-src": ["'self'", "https://js.stripe.com"],
          "frame-src": ["'self'", "https://js.stripe.com", "https://hooks.stripe.com"],
          "img-src": ["'self'", "data:", "blob:", "https:"],
          "connect-src": ["'self'", "ws:", "wss:", "https://api.stripe.com"],
          "upgrade-insecure-requests": null,
        },
      },
    }),
  );

  app.use(healthRouter(services));
  // Stripe signs the raw bytes and sends no session: its webhook takes the raw body, before sessions and JSON.
  app.use(stripeWebhookRouter(services));

  const { middlewares: sessionStack, passport } = options.session ?? sessionMiddlewares(services, { cleanupIntervalMs: options.sessionCleanupIntervalMs });
  app.use(["/api", "/files"], ...sessionStack);

  const api = express.Router();
  // Before anything else the API does for a request: a user past their limit costs a counter's increment, no more.
  api.use(apiUserRateLimit(services, services.config.apiUserRateLimit));
  api.use(csrfProtection(services.config.publicUrl));
  api.use(jsonBody());
  api.use(refuseNulInput);
  api.use(authRouter(services, passport));
  api.use(catalogRouter(services));
  api.use(jobsRouter(services));
  api.use(breakdownRouter(services));
  api.use(deliveryRouter(services));
  api.use(earningsRouter(services));
  api.use(payoutsRouter(services));
  api.use(paymentsRouter(services));
  api.use(billingRouter(services));
  api.use(freelancersRouter(services));
  api.use(reviewsRouter(services));
  // Before the back office: its generic /admin/:resource would otherwise take POST /admin/chat-rooms.
  api.use(chatRouter(services));
  api.use(notificationsRouter(services));
  api.use("/admin", adminRouter(services, { guard: options.withoutAdminGuard !== true }));
  api.use(apiNotFound);
  app.use("/api", api);
  app.use(filesRouter(services));
  // A /files path that names no file (`/files/`, `/files/a/b`) is the API's 404, never the portal's page.
  app.use("/files", apiNotFound);

  if (options.serveWebApps ?? true)
    app.use(
      staticApps(options.webAppDirs ?? webApps, {
        session: sessionStack,
        boot: portalBoot(services),
        onError: (err: unknown) => services.logger.warn({ err }, "portal boot data failed: the page goes out without it"),
      }),
    );
  app.use(errorHandler);
  return app;
}
