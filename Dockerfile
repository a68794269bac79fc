# syntax=docker/dockerfile:1
# The production image: the built PWA (dist/) and the compiled server (build/server/) on Node alone,
# with production dependencies only, run as the unprivileged `node` user.
#   docker build -t kyma .
#   docker run -p 3000:3000 -v kyma-data:/data -e JWT_SECRET=... kyma      (SQLite in /data)
# compose.yaml runs two of these on PostgreSQL behind Caddy.

ARG NODE_IMAGE=node:20-bookworm-slim

# Native modules (better-sqlite3) use their prebuilt binaries; the compilers are there for a
# platform that has none.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/* \
  && npm install -g npm@11 --no-audit --no-fund
WORKDIR /app
COPY package.json package-lock.json ./

# Build stage: every dependency, then `npm run build` (vite -> dist/ and build/ssr/, esbuild -> build/server/).
FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only, compiled for the runtime's platform.
FROM toolchain AS production-deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
# NODE_OPTIONS: `npm start`'s larger young generation (ARCHITECTURE.md), with the command left bare.
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-semi-space-size=64 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    STATIC_DIR=/app/dist \
    DEMO_VENUES=off
WORKDIR /app
# package.json marks the project root, where the server finds venues/ and public/images/.
COPY --from=production-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
COPY venues ./venues
COPY public/images ./public/images
# uploads/ exists in the image so that a volume mounted there (compose.yaml) starts owned by node.
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# GET /api/health reads the database: 200 when it answers.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the server stops taking connections, closes WebSockets with 1012, finishes requests in
# flight and exits 0 (give it 15 s: compose's stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "build/server/main.js"]
