import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { prefetchMe } from "./api/auth";
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
  prefetchMe(queryClient);
  createRoot(root).render(app);
}
