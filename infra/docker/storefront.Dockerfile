# The storefront (docker build -f infra/docker/storefront.Dockerfile .): its pages, calling API_URL.
FROM node:24-bookworm-slim AS prune
WORKDIR /repo
COPY . .
RUN npx --yes turbo@2.11.11 prune @workshop/storefront --docker --out-dir /pruned

# Stage 2 installs everything the build needs, and builds the pages.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY --from=prune /pruned/json/ ./
RUN npm ci --no-audit --no-fund
COPY --from=prune /pruned/full/ ./
# The compiler settings every workspace extends (turbo prune leaves the root's other files out).
COPY --from=prune /repo/tsconfig.base.json ./
RUN npm run build -w @workshop/storefront

# Stage 3: the runtime dependencies and the built pages alone.
FROM node:24-bookworm-slim AS runtime-deps
WORKDIR /app
COPY --from=prune /pruned/json/ ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=runtime-deps --chown=node:node /app ./
COPY --from=build --chown=node:node /app/packages ./packages
COPY --from=build --chown=node:node /app/apps/storefront/package.json /app/apps/storefront/tsconfig.json ./apps/storefront/
COPY --from=build --chown=node:node /app/apps/storefront/server ./apps/storefront/server
COPY --from=build --chown=node:node /app/apps/storefront/app ./apps/storefront/app
COPY --from=build --chown=node:node /app/apps/storefront/build ./apps/storefront/build
COPY --from=build --chown=node:node /app/apps/storefront/public ./apps/storefront/public
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "apps/storefront/server/main.ts"]
