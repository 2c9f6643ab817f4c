# The API (docker build -f infra/docker/api.Dockerfile .): runs as web, worker or both (ROLE).
# Stage 1 cuts the repository down to the API and the packages it uses (turbo prune).
FROM node:24-bookworm-slim AS prune
WORKDIR /repo
COPY . .
RUN npx --yes turbo@2.11.11 prune @workshop/api --docker --out-dir /pruned

# Stage 2 installs the runtime dependencies from the pruned lockfile, then adds the sources.
FROM node:24-bookworm-slim AS install
WORKDIR /app
COPY --from=prune /pruned/json/ ./
# onnxruntime-node's install script would download CUDA libraries: package.json's allowScripts
# turns it down on npm 11.19 and later, this setting on any npm (for this install only).
RUN npm_config_onnxruntime_node_install_cuda=skip npm ci --omit=dev --no-audit --no-fund
COPY --from=prune /pruned/full/ ./

# The API runs its TypeScript as it is (Node's type stripping): nothing to build.
FROM node:24-bookworm-slim
ENV NODE_ENV=production API_PORT=4000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=install --chown=node:node /app ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:' + process.env.API_PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--max-semi-space-size=16", "apps/api/src/main.ts"]
