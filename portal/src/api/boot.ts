import type { QueryClient } from "@tanstack/react-query";
import { BOOT_ELEMENT_ID, type PortalBoot } from "@forgehire/core";
import { authKeys } from "./auth";
import { jobKeys } from "./job-keys";

/**
 * The data the server embedded in the shell for the signed-in user (packages/server/src/portal-boot.ts), or null
 * when there is none (a visitor, a prerendered page, an older server) or it cannot be read: then the page fetches.
 * @param doc the page's document
 */
export function readBoot(doc: Document): PortalBoot | null {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const boot: unknown = JSON.parse(text);
    return typeof boot === "object" && boot !== null && "user" in boot && typeof boot.user === "object" && boot.user !== null ? (boot as PortalBoot) : null;
  } catch {
    return null;
  }
}

/**
 * Puts the boot data into the query cache under the keys the pages ask for, as if just fetched: the session check
 * (fresh for its minute) and the job listing's page (refetched as any listing is, after the page has painted).
 * @param queryClient the tab's query client
 * @param boot what readBoot found
 */
export function seedFromBoot(queryClient: QueryClient, boot: PortalBoot): void {
  queryClient.setQueryData(authKeys.me, boot.user);
  if (boot.jobs) queryClient.setQueryData(jobKeys.list(boot.jobs.page), boot.jobs);
}
