#!/usr/bin/env bash
# Installs the official stripe npm package for the real-client test (tests/node).
set -euo pipefail
cd "$(dirname "$0")/../tests/node"
if [ -d node_modules/stripe ]; then
    echo "node-deps: stripe present"
    exit 0
fi
npm install --no-audit --no-fund --loglevel=error
