#!/usr/bin/env bash
# Installs the npm packages of tests/node (the official stripe and Adyen clients, the helpdesk
# clients node-zendesk, intercom-client and freshdesk-api, the MCP TypeScript SDK and the MCP
# conformance runner) when any of those listed in package.json is missing.
set -euo pipefail
cd "$(dirname "$0")/../tests/node"
missing=0
for package in $(node -e 'console.log(Object.keys(require("./package.json").dependencies).join(" "))'); do
    [ -f "node_modules/$package/package.json" ] || missing=1
done
if [ "$missing" = 0 ]; then
    echo "node-deps: all packages present"
    exit 0
fi
npm install --no-audit --no-fund --loglevel=error
