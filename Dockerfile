# syntax=docker/dockerfile:1
# Glossa's image (README "Run at scale", docs/decisions/0011-compiled-server.md): the build stage
# runs the commands CI runs (npm ci, npm run build); the image holds the production dependencies
# of the server, the built server and the built web app, and runs as a user without privileges.

FROM node:24-bookworm-slim AS base
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

# The manifests alone first, so that a change of the sources keeps the installed dependencies.
# Nothing is compiled: better-sqlite3, argon2 and esbuild come with their binaries.
FROM base AS manifests
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/srs/package.json packages/srs/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

FROM manifests AS build
RUN npm ci
COPY . .
RUN npm run build

# The server's production dependencies (with those of the workspace packages it bundles): no
# esbuild, no tsx, no web or test tooling.
FROM manifests AS production-dependencies
RUN npm ci --omit=dev --workspace @glossa/server

FROM base
COPY --from=production-dependencies /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The code belongs to root and is read-only for the server; it writes only under DATA_DIR (the
# mail outbox without SMTP_URL; the database too on SQLite).
RUN mkdir /data && chown node:node /data
USER node
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is the container's first process: it ends gracefully on SIGTERM (main.ts).
CMD ["node", "apps/server/dist/main.js"]
