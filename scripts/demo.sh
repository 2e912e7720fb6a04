#!/usr/bin/env bash
# The product's main job on its embedded default: a SQLite file and the bundled provider
# simulator. An agent asks for refunds through opsctl while the provider misbehaves; the rows
# show what happened. Needs a build (scripts/run.sh does both).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/app
data="${XDG_DATA_HOME:-$HOME/.local/share}/opsconsole"
mkdir -p "$data"
export OPS_DB="$data/demo.sqlite"
rm -f "$OPS_DB" "$OPS_DB-wal" "$OPS_DB-shm"

log=$(mktemp)
"$bin/tools/providersim/provider-sim" --seed resources/sim/demo-seed.json >"$log" 2>&1 &
sim=$!
trap 'kill $sim 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 50); do grep -q 'listening on' "$log" && break; sleep 0.1; done
url=$(grep -o 'http://[0-9.:]*' "$log" | head -1)
[ -n "$url" ] || { echo "provider-sim did not start:"; cat "$log"; exit 1; }

export OPS_STRIPE_URL="$url" OPS_STRIPE_KEY=sk_test_demo OPS_ATTEMPT_TIMEOUT_MS=1500
fault() { curl -fsS -X POST "$url/_sim/faults" -H 'Content-Type: application/json' -d "$1" >/dev/null; }
say() { printf '\n\033[1m%s\033[0m\n' "$*"; }

say "provider-sim at $url, database $OPS_DB"

say "1. Order 4417, \$38.00. The provider applies the refund, then never answers (commit_then_hang)."
fault '{"route":"POST /v1/refunds","mode":"commit_then_hang","count":1,"delay_ms":-1}'
"$bin/cli/opsctl" refund --order 4417 --charge ch_4417 --amount 3800 --tool-call toolu_01
say "   The customer says \"try again\": nothing is sent; the agent learns it was already refunded."
"$bin/cli/opsctl" refund --order 4417 --charge ch_4417 --amount 3800 --tool-call toolu_02

say "2. Order 1001, \$50.00. The provider stores a 500 under the key: nobody knows what happened."
fault '{"route":"POST /v1/refunds","mode":"stored_500","count":1,"apply":true}'
"$bin/cli/opsctl" refund --order 1001 --charge ch_1001 --amount 5000 --tool-call toolu_03
say "   \"Try again\": automation stops, a person checks."
"$bin/cli/opsctl" refund --order 1001 --charge ch_1001 --amount 5000 --tool-call toolu_04

say "3. Order 1002: the agent asks for more than was charged."
"$bin/cli/opsctl" refund --order 1002 --charge ch_1002 --amount 20000 --tool-call toolu_05

say "Operation rows:"
"$bin/cli/opsctl" list
say "Money the provider actually moved (its ledger):"
curl -fsS "$url/_sim/ledger"; echo
say "Attempts of the first operation:"
first=$("$bin/cli/opsctl" list --json | grep -o '"operation_id":"[^"]*"' | tail -1 | cut -d'"' -f4)
"$bin/cli/opsctl" show "$first" --json | python3 -c '
import json, sys
op = json.load(sys.stdin)
for a in op["attempts_detail"]:
    print("  #%d %-12s http=%-4s replayed=%-5s %s" % (a["seq"], a["classification"],
          a["http_status"], a["replayed"], a["transport_error"] or ""))'
