#!/usr/bin/env bash
# CI smoke run of every bench script at toy sizes (docs/decisions/0015: "each runs on a small size in CI so that it
# cannot rot"). Needs the build (`npm test` makes it; made here if missing) and the local PostgreSQL
# (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). Fails only when a script
# fails, never on a figure: the figures at these sizes mean nothing (documents.ts: 3 PDFs). Two scripts at a time: about 80 s on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f apps/server/dist/main.js ] && [ -f apps/web/dist/index.html ] || npm run build
exec node --import tsx bench/run-all.ts --small "$@"
