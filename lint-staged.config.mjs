// The pre-commit hook (.husky/pre-commit) runs these on the staged files only; CI runs the same tools on everything
// (`npm run check`). Type checking is project-wide, so it stays in `npm run typecheck`.
export default {
  "*.{ts,tsx,js,mjs,cjs}": ["eslint --fix --max-warnings 0", "prettier --write"],
  "*.{json,css,html,yml,yaml}": "prettier --write",
};
