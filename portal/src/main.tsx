import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { prefetchMe } from "./api/auth";
import { readBoot, seedFromBoot } from "./api/boot";
import { preloadScreen } from "./App";
import Root, { createQueryClient, routes } from "./Root";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

const queryClient = createQueryClient();
const app = <Root router={createBrowserRouter(routes)} queryClient={queryClient} />;
if (root.firstElementChild) {
  // The landing and trust pages come prerendered (scripts/prerender.mjs), already painted: React attaches to that
  // markup, in a transition so that it yields to the browser between small slices (no long task to block input).
  // Their first render must match the prerendered one, which has the session check still pending: it starts on mount.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  // For a signed-in user the server sends the session and the page's first data in the shell: the first render
  // shows the page, with no session check or listing request before it. Without them, ask at once.
  const boot = readBoot(document);
  if (boot) seedFromBoot(queryClient, boot);
  else prefetchMe(queryClient);
  // The shell preloads the chunk of its page's screen (and the browser caches the others): rendering once it has
  // run paints the page itself first, rather than a loader and then the page.
  void preloadScreen(window.location.pathname)
    .catch(() => undefined)
    .then(() => createRoot(root).render(app));
}
