import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import Root, { createQueryClient, routes } from "./Root";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

const app = <Root router={createBrowserRouter(routes)} queryClient={createQueryClient()} />;
// The landing and trust pages come prerendered at build time (scripts/prerender.mjs): hydrating keeps their markup,
// already painted, and React attaches to it in small slices instead of building the page again.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
