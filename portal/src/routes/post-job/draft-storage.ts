import { isIndustry, isScope, noAdditionalServices } from "@forgehire/core";
import { emptyDraft } from "./use-post-job-form";
import type { JobDraft, WizardProgress } from "./use-post-job-form";

/**
 * What is kept of an unfinished requirement: the form's values and where the client was, but not the picked files,
 * which a browser cannot store. The same shape as before the form moved to react-hook-form, so kept drafts still load.
 */
export interface StoredDraft extends WizardProgress {
  draft: JobDraft;
}

const VERSION = 1;
const keyFor = (userId: string) => `forgehire.post-job-draft.v${VERSION}.${userId}`;

/**
 * The unfinished new requirement of a user, kept on this device so that a reload, a navigation or a closed tab does
 * not lose it. Keyed by user id: two accounts on one browser never see each other's draft.
 * @param userId the signed-in user
 * @returns the stored state, or null when there is none or it no longer reads as a draft
 */
export function loadJobDraft(userId: string): StoredDraft | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(keyFor(userId));
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredDraft> | null;
    const draft = stored?.draft;
    if (!stored || !draft || typeof draft.title !== "string" || typeof draft.description !== "string") return null;
    // Every field the form binds gets a value, even one a draft kept before that field existed lacks; choices the
    // catalogue no longer offers are dropped rather than trusted.
    const restored: JobDraft = {
      ...emptyDraft,
      ...draft,
      industry: typeof draft.industry === "string" && isIndustry(draft.industry) ? draft.industry : "",
      scope: isScope(draft.scope) ? draft.scope : null,
      additionalServices: { ...noAdditionalServices, ...draft.additionalServices },
      customTechStack: typeof draft.customTechStack === "string" ? draft.customTechStack : "",
    };
    return {
      step: typeof stored.step === "number" ? stored.step : 0,
      draft: restored,
      deliveryDateTouched: stored.deliveryDateTouched === true,
      deliveryDateScope: isScope(stored.deliveryDateScope) ? stored.deliveryDateScope : null,
    };
  } catch {
    return null;
  }
}

/**
 * Keeps the user's unfinished requirement (without its files).
 * @param userId the signed-in user
 * @param stored the form's values and the wizard's progress
 */
export function saveJobDraft(userId: string, stored: StoredDraft): void {
  const { step, draft, deliveryDateTouched, deliveryDateScope } = stored;
  try {
    window.localStorage.setItem(keyFor(userId), JSON.stringify({ step, draft, deliveryDateTouched, deliveryDateScope }));
  } catch {
    // A full or disabled storage only costs the draft; the form itself keeps working.
  }
}

/**
 * Forgets the user's unfinished requirement, once it is posted or discarded.
 * @param userId the signed-in user
 */
export function clearJobDraft(userId: string): void {
  try {
    window.localStorage.removeItem(keyFor(userId));
  } catch {
    // Nothing stored, nothing to forget.
  }
}
