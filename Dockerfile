# The app's image (README 'Deploy', decision 041): built in one stage with every dependency, run
# from a second with production dependencies only, as a non-root user, data in a volume.

# The packages alone first: this stage changes only with the lock file, so a builder's layer cache
# (and `npm run test:container`, which keeps it tagged) skips `npm ci` when only the sources changed.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# The front end, the server bundle and the pre-initialised database (decision 039); then only
# what production needs stays in node_modules.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=1 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    NODE_COMPILE_CACHE=/tmp/node-compile-cache
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The admin tools (`npm run backup`, `restore`, `vault:change-password`, `admin:reset-2fa`) run
# from the sources through tsx, a production dependency.
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/src ./src
COPY --from=build /app/tsconfig.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and the server itself: SIGTERM from `docker stop` reaches its handler (main.ts),
# which finishes in-flight requests and closes the database. The same flags as `npm start`
# (scripts/ensure.mjs serverNodeArgs).
CMD ["node", "--max-semi-space-size=2", "--heap-growing-percent=50", "--liftoff-only", "dist/server/server/main.js"]
