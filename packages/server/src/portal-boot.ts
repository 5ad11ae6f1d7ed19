import type { Request } from "express";
import { jobsListQuery, PORTAL_JOBS_PER_PAGE, type PortalBoot } from "@forgehire/core";
import type { Services } from "@forgehire/services";
import { currentActor } from "./middlewares/require-user.js";
import { presentUser } from "./presenters/present-user.js";
import { jobsListPage } from "./routes/jobs/router.js";

/** Reads the boot data of a portal page for the request's session: null for a visitor. */
export type BootLoader = (req: Request) => Promise<PortalBoot | null>;

/**
 * The page number the portal's /jobs reads from its URL (portal/src/lib/page-param.ts): anything but a whole
 * number from 1 is page 1, so that the page embedded here is the one the page will look up.
 */
function pageParam(req: Request): number {
  const page = Number(new URL(req.originalUrl, "http://portal.invalid").searchParams.get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The data the portal's first render of a page needs, answered by the same use cases and presenters as the API
 * routes it saves: the session's user (GET /api/auth/me) everywhere, and on /jobs the listing's page
 * (GET /api/jobs?page=N&perPage=12). Never more than those routes would give the same session.
 * @param services the database
 * @returns the loader, to run after the session middlewares
 */
export function portalBoot(services: Services): BootLoader {
  return async (req) => {
    if (!req.user) return null;
    const boot: PortalBoot = { user: presentUser(req.user) };
    if (/^\/jobs\/?$/.test(req.path)) {
      const query = jobsListQuery.safeParse({ page: pageParam(req), perPage: PORTAL_JOBS_PER_PAGE });
      // A page beyond the API's limit is the API's validation error to give, when the portal asks.
      if (query.success) boot.jobs = await jobsListPage(services, currentActor(req), query.data);
    }
    return boot;
  };
}

/**
 * The boot data as the content of a `<script type="application/json">`: no `<` is left in it, so no text of the
 * data (a job's title holding `</script>` or `<!--`) can end the element or change how the HTML parser reads it.
 * @param boot the data
 * @returns JSON with every `<` written as `\u003c`
 */
export function bootScriptText(boot: PortalBoot): string {
  return JSON.stringify(boot).replace(/</g, "\\u003c");
}
