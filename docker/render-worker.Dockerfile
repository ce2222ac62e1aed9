# Job worker (`npm run worker`, apps/api/src/worker.ts): BullMQ consumer of every job kind — rendering with one
# warm Chromium, and release / imports / recognition — writing job state into the api's PostgreSQL (Debian's chromium + fonts-noto-cjk; DejaVu Sans Mono
# for the score grids; poppler-utils' pdfunite joins chunked slip PDFs). Build from the repo root:
#   docker build -f docker/render-worker.Dockerfile -t jz-render-worker .
FROM node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-noto-cjk fonts-dejavu-core ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production DATA_DIR=/data CHROMIUM_PATH=/usr/lib/chromium/chromium
WORKDIR /app
COPY . .
RUN npm ci --ignore-scripts --no-audit --no-fund --workspace @jz/api --workspace @jz/render-service --include-workspace-root \
 && mkdir -p /data && chown node:node /data
USER node
CMD ["node", "--import", "tsx", "apps/api/src/worker.ts"]
