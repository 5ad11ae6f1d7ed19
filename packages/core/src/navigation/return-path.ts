/**
 * Where a visitor sent to sign in goes back to afterwards. Only a path of this site is accepted, so a crafted
 * link (`/login?next=https://evil.example`, `//evil.example`, `/\evil.example`) cannot turn sign-in into an open
 * redirect.
 */

/** The query parameter of /login that carries the page the visitor asked for. */
export const RETURN_PATH_PARAM = "next";

const MAX_RETURN_PATH = 2_000;
const AUTH_SCREENS = new Set(["/login", "/signup", "/reset-password"]);

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The return path when it is a safe, same-origin path, else null.
 * @param candidate the raw `next` value (already URL-decoded), or null when absent
 * @returns the path (with its query and hash) to navigate to, or null to use the default landing page
 */
export function safeReturnPath(candidate: string | null | undefined): string | null {
  if (!candidate || candidate.length > MAX_RETURN_PATH) return null;
  // A single leading slash, then anything but a second slash or a backslash: browsers read `//host` and `/\host`
  // as another origin. Control characters are refused too, since some browsers strip them before parsing.
  if (!/^\/(?![/\\])/.test(candidate) || candidate.includes("\\") || hasControlCharacter(candidate)) return null;
  // Such a string is always resolved against the current origin, so it is returned as it is.
  const pathname = candidate.split(/[?#]/, 1)[0] ?? candidate;
  // Coming back to a sign-in or sign-up screen once signed in would be a loop.
  if (AUTH_SCREENS.has(pathname)) return null;
  return candidate;
}

/**
 * The /login address that brings the visitor back to `path` once signed in.
 * @param path the page asked for (path, query and hash)
 * @returns `/login?next=...`, or plain `/login` when the path is not a safe return path
 */
export function loginPathFor(path: string): string {
  const safe = safeReturnPath(path);
  return safe && safe !== "/" ? `/login?${RETURN_PATH_PARAM}=${encodeURIComponent(safe)}` : "/login";
}
