import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// In development the API, uploaded files and the realtime socket live on the Express server; proxying them
// keeps every request same-origin, so the session cookie and the server's CSRF origin check behave as in
// production, where Express serves this build itself.
const server = "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // scripts/prerender.mjs reads it to preload each prerendered page's lazy chunk.
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: server, changeOrigin: false },
      "/files": { target: server, changeOrigin: false },
      "/socket.io": { target: server, ws: true, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
  },
});
