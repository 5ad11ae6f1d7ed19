import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False while React hydrates a prerendered page (and while the build prerenders it), true in every other render.
 * What depends on data the prerender could not know (the session) waits for it, so hydration finds the same markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
