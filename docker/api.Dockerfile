# api + web (the built SPA is served by the api). Build from the repo root:
#   docker build -f docker/api.Dockerfile -t jz-api .
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
# npm ci without install scripts: every native dependency here ships prebuilt binaries (see docs/STACK notes)
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && cd apps/web && node ../../node_modules/vite/bin/vite.js build --logLevel warn

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data WEB_DIST=/app/apps/web/dist
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# --max-old-space-size: V8 grows the heap by up to 4× between full collections when the limit is large; 1.5 GB
# keeps the api's peak under 300 MB while refusing hostile uploads (docs/DECISIONS.md; tests/durability/api-memory.test.ts)
CMD ["node", "--max-old-space-size=1536", "--import", "tsx", "apps/api/src/server.ts"]
