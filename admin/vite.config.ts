import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The Express server serves this build at /admin/ (from admin/dist). In development the API lives on the
// Express server; proxying /api keeps every request same-origin, so the session cookie and the server's CSRF
// origin check (Origin must match the request's own Host, hence changeOrigin: false) behave as in production.
const server = "http://localhost:3000";

export default defineConfig({
  base: "/admin/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      // core is pure by rule (STYLE.md §1) but its package.json does not say so, so its zod schemas were kept
      // although the back office only uses isAdmin (~27 KB gzip). Drop this once core declares sideEffects: false.
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]core[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: "mui", test: /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)[\\/]/ },
            { name: "react-admin", test: /[\\/]node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: {
      "/api": { target: server, changeOrigin: false },
    },
  },
  preview: {
    port: 4174,
  },
});
