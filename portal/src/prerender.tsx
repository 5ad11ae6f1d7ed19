import { prerender } from "react-dom/static";
import { createMemoryRouter } from "react-router";
import Root, { createQueryClient, routes } from "./Root";

/**
 * The markup of one page as a signed-out visitor first sees it (the session check still pending), for the build to
 * put into that page's HTML. The browser hydrates it: its first render matches, since it starts from the same state.
 * @param url the page's path, e.g. "/"
 * @returns the HTML of the root element's children, with the page's styles inline (emotion's server rendering)
 */
export async function renderPage(url: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  // prerender (not renderToString) waits for the lazy screen's chunk, so the page's content is in the markup.
  // One chunk: React would otherwise move a large boundary to the end of the page, revealed by an inline script,
  // which the Content-Security-Policy (script-src 'self') blocks.
  const { prelude } = await prerender(<Root router={router} queryClient={createQueryClient()} />, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}
