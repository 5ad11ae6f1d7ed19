# syntax=docker/dockerfile:1
# Forgehire production image. The build stage compiles the CLI and server to JavaScript and builds the web apps
# (precompressed); the runtime stage holds only that output and the server's production dependencies
# (`node scripts/measure-runtime.mjs` measures them without Docker).
#   docker build -t forgehire .
#   docker run --rm -v forgehire-data:/data forgehire forgehire db:migrate     # each release, before serving
#   docker run -d -p 3000:3000 -v forgehire-data:/data forgehire

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/realtime-client/package.json packages/realtime-client/
COPY packages/services/package.json packages/services/
COPY packages/server/package.json packages/server/
COPY packages/cli/package.json packages/cli/
COPY portal/package.json portal/
COPY admin/package.json admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
# npm ci checks the whole lockfile, so every workspace's package.json comes along; only the server's and the CLI's
# production dependencies are installed (no tsx, no React, MUI or Vite).
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/core/package.json packages/core/
COPY --from=build /app/packages/realtime-client/package.json packages/realtime-client/
COPY --from=build /app/packages/services/package.json packages/services/
COPY --from=build /app/packages/server/package.json packages/server/
COPY --from=build /app/packages/cli/package.json packages/cli/
COPY --from=build /app/portal/package.json portal/
COPY --from=build /app/admin/package.json admin/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/bench/package.json bench/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace packages/server --workspace packages/cli \
  && npm cache clean --force
# The compiled CLI (server, services, core, seeds bundled in) and the migrations beside their loader.
COPY --from=build /app/packages/cli/dist packages/cli/dist
COPY --from=build /app/portal/dist portal/dist
COPY --from=build /app/admin/dist admin/dist
COPY --from=build /app/bin bin
RUN ln -s /app/bin/forgehire /usr/local/bin/forgehire \
  && mkdir -p -m 0700 /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations are a step of their own (`forgehire db:migrate`), never run by each replica as it starts; until they
# have run, /readyz answers 503. The demo data is for trials, not production.
CMD ["node", "bin/forgehire", "serve", "--no-build", "--no-migrate", "--no-demo"]
