# Sitecart in a container (docs/deploy.md). Two stages: `build` installs every dependency (with the
# tools better-sqlite3 compiles with when no prebuilt binary fits), generates the Prisma clients,
# builds the storefront once, then reinstalls production dependencies only; the runtime stage copies
# that tree and runs as the unprivileged `node` user. Nothing is built or downloaded at start.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
# package.json's allowScripts (which install scripts may run) is read by npm 11; the image ships npm 10.
RUN npm install --global npm@11.19.1 && npm cache clean --force

FROM base AS build
RUN apt-get update \
  && apt-get install --yes --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY . .
# All dependencies: postinstall generates the Prisma clients and runs relay-compiler.
RUN npm ci
# The storefront (relay-compiler, vite) into dist/, once.
RUN npm run build
# Production dependencies only; dist/ and the generated clients stay.
RUN npm ci --omit=dev && npm cache clean --force

FROM base AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=4000 \
  SITECART_SKIP_CLIENT_BUILD=1
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 4000
# Liveness only; the proxy or orchestrator routes traffic on /readyz (database and Redis).
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm start without npm in between: migrate, then serve in the same process, so SIGTERM reaches the
# server and drains it.
CMD ["node", "--import", "tsx", "scripts/start.ts"]
