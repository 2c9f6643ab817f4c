# The staff console (docker build -f infra/docker/console.Dockerfile .): its built files and the
# small server that answers them with the API's address (serve.ts).
FROM node:24-bookworm-slim AS prune
WORKDIR /repo
COPY . .
RUN npx --yes turbo@2.11.11 prune @workshop/admin --docker --out-dir /pruned

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY --from=prune /pruned/json/ ./
RUN npm ci --no-audit --no-fund
COPY --from=prune /pruned/full/ ./
# The compiler settings every workspace extends (turbo prune leaves the root's other files out).
COPY --from=prune /repo/tsconfig.base.json ./
RUN npm run build -w @workshop/admin

FROM node:24-bookworm-slim AS runtime-deps
WORKDIR /app
COPY --from=prune /pruned/json/ ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production ADMIN_PORT=3001 HOST=0.0.0.0
WORKDIR /app
COPY --from=runtime-deps --chown=node:node /app ./
COPY --from=build --chown=node:node /app/packages ./packages
COPY --from=build --chown=node:node /app/apps/admin/package.json /app/apps/admin/serve.ts /app/apps/admin/console-server.ts /app/apps/admin/console-config.ts /app/apps/admin/spoken-api.ts ./apps/admin/
COPY --from=build --chown=node:node /app/apps/admin/dist ./apps/admin/dist
USER node
EXPOSE 3001
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:' + process.env.ADMIN_PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "apps/admin/serve.ts"]
