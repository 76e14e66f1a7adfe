# Production image: the API server (serving the built studio) and, with another command, the
# generation worker — both compiled JavaScript (server/dist), no TypeScript loader. Configure it with
# environment variables (docs/configuration.md); DATABASE_URL and AUTH_SECRET are required in
# production. Node 24 LTS; the project supports Node >=20.19 <25 (package.json engines).
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Build: every dependency (dev included), then the studio (static files) and the server bundle.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY db/package.json db/
COPY server/package.json server/
COPY studio/package.json studio/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Runtime dependencies: those of server/, db/ and shared/ only. The studio's packages (React, …)
#    are already bundled into studio/dist, and TypeScript tooling (tsx, esbuild, vite) is not needed.
#    --legacy-peer-deps: otherwise npm also installs better-auth's optional peers found in the lock
#    (react, vitest, vite, drizzle-kit → tsx, typescript…): 389 packages instead of 291.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY db/package.json db/
COPY server/package.json server/
COPY studio/package.json studio/
RUN npm ci --omit=dev --legacy-peer-deps --no-audit --no-fund -w @tessera/server -w @tessera/db -w @tessera/shared \
  && mkdir -p server/node_modules \
  && npm cache clean --force
# The scene composer reads the CLDR emoji annotations of the studio's 19 languages only (CLDR's
# `no` is Bokmål): the other ~150 locales are ~48 MB the image does not need.
RUN for dir in node_modules/cldr-annotations-full/annotations server/node_modules/cldr-annotations-full/annotations; do \
    if [ -d "$dir" ]; then \
      find "$dir" -mindepth 1 -maxdepth 1 -type d -not -regex '.*/\(ar\|da\|de\|en\|es\|fr\|id\|it\|ja\|ko\|no\|nl\|pl\|pt\|ru\|th\|tr\|zh\|zh-Hant\)' -exec rm -rf {} +; \
    fi; \
  done

# Image moderation loads only nsfwjs's MobileNetV2 (dist/models/mobilenet_v2, ~5 MB): its other
# models and bundles are ~110 MB the image does not need (server/src/generation/engine/tools/nsfw.ts).
RUN for dir in node_modules/nsfwjs server/node_modules/nsfwjs; do \
    if [ -d "$dir" ]; then \
      rm -rf "$dir/dist/browser" "$dir/dist/cjs/models" "$dir/dist/esm/models" "$dir/dist/models/inception_v3" "$dir/dist/models/mobilenet_v2_mid"; \
    fi; \
  done

# onnxruntime-node (the quality upscaler, server/src/generation/engine/tools/upscale.ts) ships its
# native library for every platform, ~290 MB: the image keeps its own (linux/x64: 45 MB).
RUN arch="$(node -p process.arch)"; \
  for dir in node_modules/onnxruntime-node server/node_modules/onnxruntime-node; do \
    if [ -d "$dir" ]; then \
      find "$dir/bin/napi-v6" -mindepth 2 -maxdepth 2 -type d -not -path "*/linux/$arch" -exec rm -rf {} +; \
    fi; \
  done

# 3. Runtime: Node, Debian's ffmpeg, the production dependencies and the built files.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data \
  # Node >=22.1 caches compiled code here: a restarted container starts faster (ignored by Node 20).
  NODE_COMPILE_CACHE=/tmp/node-compile-cache
WORKDIR /app
# ffmpeg/ffprobe render and probe videos; a font lets the download watermark print the name.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/server/package.json server/
COPY --from=deps /app/server/node_modules server/node_modules
# Paths the compiled code computes from its sources' locations (scripts/build-server.mjs).
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/server/models server/models
COPY --from=build /app/db/migrations db/migrations
COPY --from=build /app/db/seed db/seed
COPY --from=build /app/studio/dist studio/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness of a web node. The worker (`node server/dist/worker.js`) answers no HTTP on this port:
# docker-compose.yml and deploy/k8s give it its own check (GET /healthz on WORKER_HEALTH_PORT).
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# exec form: node is PID 1 and receives SIGTERM itself (drains, then exits).
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
