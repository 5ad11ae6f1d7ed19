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
            { name: "react", priority: 40, test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: "mui", priority: 30, test: /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)[\\/]/ },
            // Every other library the first page needs. Only modules of the initial load ($initial): were a helper that
            // recharts shares with react-admin (clsx, react-is…) left to the charts group, the first page would load it.
            { name: "react-admin", priority: 25, tags: ["$initial"], test: /[\\/]node_modules[\\/]/ },
            // The charts and the chat socket are only used by lazy pages (DashboardCharts, CommunicationHub): their
            // own chunks keep them out of the first load.
            {
              name: "charts",
              priority: 20,
              test: /[\\/]node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|react-redux|redux|redux-thunk|immer|reselect|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)[\\/]/,
            },
            {
              name: "socket",
              priority: 20,
              test: /[\\/]node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io|xmlhttprequest-ssl)[\\/]/,
            },
            { name: "lazy-libraries", test: /[\\/]node_modules[\\/]/ },
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
