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
CMD ["node", "--import", "tsx", "apps/api/src/server.ts"]
