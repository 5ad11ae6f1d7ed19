// `npm install`'s prepare step: installs the git hooks (.husky/pre-commit) in a development checkout. Skipped where
// no one commits: CI, and the image's production install (which has no husky).
if (process.env.NODE_ENV === "production" || process.env.CI === "true") process.exit(0);
const { default: husky } = await import("husky");
const message = husky();
if (message) process.stderr.write(`husky: ${message}\n`);
