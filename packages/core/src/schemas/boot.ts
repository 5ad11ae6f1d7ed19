import type { User } from "./auth.js";
import type { CursorPage } from "./common.js";
import type { Job } from "./jobs.js";

/**
 * Cards per page of the portal's job listings. The portal asks for pages of this size, and the server embeds the
 * first page of /jobs in that size, so that both are the same query.
 */
export const PORTAL_JOBS_PER_PAGE = 12;

/** The id of the `<script type="application/json">` element holding the boot data in the portal's shell. */
export const BOOT_ELEMENT_ID = "boot";

/**
 * What the server embeds in the portal's shell for a signed-in user, so that the first render needs no request:
 * the answer of GET /api/auth/me and, on /jobs, the answer of GET /api/jobs for the page the URL names. A visitor
 * gets no boot data at all.
 */
export interface PortalBoot {
  user: User;
  jobs?: CursorPage<Job>;
}
