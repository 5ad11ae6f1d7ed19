# syntax=docker/dockerfile:1
# Forgehire production image: build the web apps in one stage, run with production dependencies only.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
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

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/core/package.json packages/core/
COPY --from=build /app/packages/services/package.json packages/services/
COPY --from=build /app/packages/server/package.json packages/server/
COPY --from=build /app/packages/cli/package.json packages/cli/
COPY --from=build /app/portal/package.json portal/
COPY --from=build /app/admin/package.json admin/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# bin/forgehire compiles the sources with tsx at start, through packages/cli/tsconfig.json, which extends these.
COPY --from=build /app/tsconfig.base.json /app/tsconfig.json ./
COPY --from=build /app/bin bin
COPY --from=build /app/packages packages
COPY --from=build /app/migrations migrations
COPY --from=build /app/seeds seeds
COPY --from=build /app/portal/dist portal/dist
COPY --from=build /app/admin/dist admin/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations first, then serve; the demo data is for trials, not production.
CMD ["sh", "-c", "node bin/forgehire db:migrate && exec node bin/forgehire serve --no-build --no-demo"]
