#!/usr/bin/env bash
# `npm run test:all`: installs what the tests need and runs every check (`npm run check`): a
# supported Node when the machine's is older (scripts/ci-node.sh), the npm packages, Debian's
# Chromium and a running PostgreSQL (scripts/test-env.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

node_bin="$(bash scripts/ci-node.sh)"
export PATH="$node_bin:$PATH"
# A native module that npm ci compiles is compiled for this Node, against its own headers.
if [ -f "$node_bin/../include/node/node.h" ]; then
  npm_config_nodedir="$(cd "$node_bin/.." && pwd)"
  export npm_config_nodedir
fi
echo "Testing on Node $(node --version), npm $(npm --version)"

npm ci
bash scripts/test-env.sh
npm run check
