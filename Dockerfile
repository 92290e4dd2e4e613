# Parley's production image: one image for the API (PARLEY_ROLE=api) and the workers (PARLEY_ROLE=worker).
# See the README's "Production layout"; compose.yaml runs it with PostgreSQL and MinIO. Not built in CI here.

# The package files of the root and every workspace: what `npm ci` installs from (both stages below).
FROM node:24-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/

# 1. Build: every dependency (dev ones too), then `npm run build` (the web app and the server's bundle).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. The server's production dependencies only (its workspace and the contracts' packages; no dev tools).
FROM manifests AS deps
RUN npm ci --omit=dev --workspace @parley/server --no-audit --no-fund

# 3. Runtime: Node, ffmpeg (the pipeline decodes media with it), the bundle and what it reads at run time.
FROM node:24-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/* \
  && rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
    /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000
WORKDIR /app
# The package files and node_modules (the root's and any a workspace keeps of its own).
COPY --from=deps /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/docs/help docs/help
RUN mkdir /data && chown node:node /data
USER node
EXPOSE 3000
# The API's readiness (database, migrations, storage); a worker serves no HTTP, so its check is its process.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "if (process.env.PARLEY_ROLE === 'worker') process.exit(0); fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=8", "--expose-gc", "apps/server/dist/main.mjs"]
