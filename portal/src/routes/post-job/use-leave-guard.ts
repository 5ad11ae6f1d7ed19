import { useCallback, useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import type { Blocker } from "react-router";

/**
 * Asks before a dirty form is left: in-app navigations are held by react-router's blocker (the caller shows the
 * question while `blocker.state === "blocked"`), and reloads or closing the tab get the browser's own prompt.
 * @param dirty whether the form holds input that leaving would lose
 * @returns the blocker, and `allowLeaving` to call just before a navigation the form itself starts (after a submit
 *   or an explicit discard), which must not be asked about
 */
export function useLeaveGuard(dirty: boolean): { blocker: Blocker; allowLeaving: () => void } {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older Chromium builds still need returnValue set to show the prompt.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const allowLeaving = useCallback(() => {
    allowed.current = true;
  }, []);
  return { blocker, allowLeaving };
}
