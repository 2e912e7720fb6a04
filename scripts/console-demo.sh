#!/usr/bin/env bash
# Opens the operator console on a demo database whose rows were made by real refunds through
# opsctl against provider-sim with faults injected: confirmed refunds, refusals, and several rows
# in the checking queue (a stored 500 with the money moved, a stored 500 without, retries
# exhausted). With no display it writes a screenshot instead and prints its path.
# Needs a build (scripts/build.sh); BUILD_DIR overrides the build folder.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${BUILD_DIR:-build}/app"
data="${XDG_DATA_HOME:-$HOME/.local/share}/opsconsole"
mkdir -p "$data"
export OPS_DB="$data/console-demo.sqlite"
rm -f "$OPS_DB" "$OPS_DB-wal" "$OPS_DB-shm"

log=$(mktemp)
"$bin/tools/providersim/provider-sim" --seed resources/sim/demo-seed.json >"$log" 2>&1 &
sim=$!
trap 'kill $sim 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 50); do grep -q 'listening on' "$log" && break; sleep 0.1; done
url=$(grep -o 'http://[0-9.:]*' "$log" | head -1)
[ -n "$url" ] || { echo "provider-sim did not start:"; cat "$log"; exit 1; }

export OPS_STRIPE_URL="$url" OPS_STRIPE_KEY=sk_test_demo OPS_ATTEMPT_TIMEOUT_MS=1500
export OPS_HELPDESK_URL="$url" # customer messages go to provider-sim's message sink
export OPS_BACKOFF_BASE_MS=50 OPS_BACKOFF_CAP_MS=100
fault() { curl -fsS -X POST "$url/_sim/faults" -H 'Content-Type: application/json' -d "$1" >/dev/null; }
clear_faults() { curl -fsS -X DELETE "$url/_sim/faults" >/dev/null; }
refund() { "$bin/cli/opsctl" refund "$@" >/dev/null; }
say() { printf '%s\n' "$*"; }

say "provider-sim at $url; building $OPS_DB with opsctl"
# Confirmed after a hang: the provider applied it, the retry got the stored answer.
fault '{"route":"POST /v1/refunds","mode":"commit_then_hang","count":1,"delay_ms":-1}'
refund --order 4417 --charge ch_4417 --amount 3800 --tool-call toolu_01
# Checking queue: a stored 500 after the money moved (look-up finds the refund).
fault '{"route":"POST /v1/refunds","mode":"stored_500","count":1,"apply":true}'
refund --order 1001 --charge ch_1001 --amount 5000 --tool-call toolu_02
# Checking queue: a stored 500 with nothing applied (look-up finds no refund).
fault '{"route":"POST /v1/refunds","mode":"stored_500","count":1}'
refund --order 1002 --charge ch_1002 --amount 2900 --tool-call toolu_03
# Checking queue: six attempts without an answer (Resend is allowed: the key is still inside
# its window and nothing was stored under it).
fault '{"route":"POST /v1/refunds","mode":"503"}'
refund --order 1002-b --charge ch_1002 --amount 1000 --tool-call toolu_04
refund --order 1002-b --charge ch_1002 --amount 1000 --tool-call toolu_05
# Still open: three attempts without an answer so far.
refund --order 1002-c --charge ch_1002 --amount 500 --tool-call toolu_06
clear_faults
# A refund the provider reports as pending, and one the card network declined.
refund --order 4200 --charge ch_pending --amount 4200 --tool-call toolu_07
refund --order 1500 --charge ch_declined --amount 1500 --tool-call toolu_08
# Credit movements, when this build's opsctl has them (Slen).
if "$bin/cli/opsctl" --help 2>&1 | grep -q '^  credit'; then
    export OPS_SLEN_URL="$url" OPS_SLEN_KEY=sk_test_demo OPS_SLEN_PROJECT=demo
    fault '{"route":"POST /v1/customers/*/topup","mode":"stored_500","count":1}'
    "$bin/cli/opsctl" credit topup --customer u_1 --credit-type credits --amount 250 \
        --work invoice-7781:topup >/dev/null || true
    clear_faults
    "$bin/cli/opsctl" credit charge --customer u_2 --credit-type credits --amount 40 \
        --work job:91:charge >/dev/null || true
fi
"$bin/cli/opsctl" list
# Roles (issue 6): you are the first operator of this fresh database, so you become its
# supervisor; "demo-bob" is a second supervisor for four-eyes approvals above 1,000.00 USD.
me="${OPS_OPERATOR:-${USER:-operator}}"
if "$bin/cli/opsctl" --help 2>&1 | grep -q '^  operator'; then
    "$bin/cli/opsctl" --operator "$me" operator add "$me" --role supervisor >/dev/null
    "$bin/cli/opsctl" --operator "$me" operator add demo-bob --role supervisor >/dev/null
    "$bin/cli/opsctl" --operator "$me" settings set approval-threshold usd 100000 >/dev/null
fi

if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    shot="$data/console-demo.png"
    say "No display (DISPLAY and WAYLAND_DISPLAY are unset): rendering the console to a PNG."
    "$bin/console/opsconsole" --db "$OPS_DB" --operator "$me" --screenshot "$shot"
    say "Open $shot to see it. On a desktop this script opens the console itself."
    exit 0
fi
say "Opening the console (look-ups and resends go to provider-sim at $url; close it to stop)."
"$bin/console/opsconsole" --db "$OPS_DB" --operator "$me"
