# syntax=docker/dockerfile:1.7
# The Highlights Console's images: one Dockerfile, two runtime targets sharing their layers.
#   docker build --target server -t highlights-console-server .   (API, live channels, the web build)
#   docker build --target worker -t highlights-console-worker .   (BullMQ processors, ffmpeg)
# Server and worker run their TypeScript through tsx (docs/decisions.md D1), so the runtime images hold
# the sources and the production dependencies only; the web app is built by Vite in the build stage.
# glibc (bookworm), not Alpine: @node-rs/argon2 and the ffmpeg/ffprobe npm binaries are built for it.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

# Only the manifests, so the dependency layers stay cached until a package.json or the lockfile changes.
# Every workspace's manifest is needed: npm ci checks the whole lockfile.
FROM base AS manifests
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/media/package.json packages/media/
COPY packages/db/package.json packages/db/
COPY packages/monetization/package.json packages/monetization/
COPY apps/server/package.json apps/server/
COPY apps/worker/package.json apps/worker/
COPY apps/web/package.json apps/web/
COPY tests/package.json tests/

# Build stage: every dependency (Vite, TypeScript), then the web app into apps/web/dist.
FROM manifests AS build
RUN --mount=type=cache,target=/root/.npm npm ci
COPY tsconfig.base.json ./
COPY packages packages
COPY apps apps
RUN npm run build -w @hc/web

# Production dependencies of the six runtime workspaces: no web or test packages, no dev tools.
# The ffmpeg/ffprobe packages make their binaries executable for their owner (root) only.
FROM manifests AS prod-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev -w @hc/server -w @hc/worker -w @hc/monetization -w @hc/db -w @hc/media -w @hc/shared \
 && chmod a+rx node_modules/@ffmpeg-installer/linux-x64/ffmpeg node_modules/@ffprobe-installer/linux-x64/ffprobe

# What server and worker share: dependencies, sources, migrations; run as the unprivileged `node` user.
FROM base AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data
COPY --from=prod-deps /app/node_modules node_modules
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/shared/package.json packages/shared/tsconfig.json packages/shared/
COPY packages/shared/src packages/shared/src
COPY packages/media/package.json packages/media/tsconfig.json packages/media/
COPY packages/media/src packages/media/src
COPY packages/db/package.json packages/db/tsconfig.json packages/db/
COPY packages/db/src packages/db/src
COPY packages/db/migrations packages/db/migrations
COPY packages/monetization/package.json packages/monetization/tsconfig.json packages/monetization/
COPY packages/monetization/src packages/monetization/src
COPY apps/worker/package.json apps/worker/tsconfig.json apps/worker/
COPY apps/worker/src apps/worker/src
COPY apps/server/package.json apps/server/tsconfig.json apps/server/
COPY apps/server/src apps/server/src
# The media store (DATA_DIR/media) is a volume shared by servers and workers; it must be writable by node.
RUN mkdir -p /data/media && chown -R node:node /data
USER node

FROM runtime AS worker
# Its tiny HTTP server: GET /healthz and /metrics (WORKER_METRICS_PORT; 0 turns it off).
ENV WORKER_METRICS_PORT=9464
EXPOSE 9464
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.WORKER_METRICS_PORT||9464)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/worker/src/main.ts"]

# Last, so a plain `docker build .` makes the server image.
FROM runtime AS server
COPY --from=build --chown=node:node /app/apps/web/dist apps/web/dist
ENV HOST=0.0.0.0 \
    PORT=3000
EXPOSE 3000
# /readyz: the database and Redis answer (a replica out of them gets no traffic from the load balancer).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
