#!/usr/bin/env bash
# Issue 54's goals for a batch, measured: a benchmark, not a test (it prints figures beside their
# goals and judges nothing). A ROWS-row file of Stripe refunds against provider-sim answering every
# request after LATENCY ms, on a throwaway SQLite file:
#   1. `batch check`: wall time (goal ≤ 5 s for 1,000 rows at 20 ms);
#   2. `batch run --rate RATE`: wall time beside the paced floor ROWS / RATE, refunds at the
#      provider (goal: exactly ROWS);
#   3. the same run twice more: requests the simulator saw (goal: 0 each).
#
#   scripts/bench-batch.sh [ROWS] [LATENCY_MS] [RATE]     (defaults 1000 20 100; needs build/)
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${1:-1000} latency=${2:-20} rate=${3:-100}
bin=build
work=$(mktemp -d /tmp/bench-batch.XXXXXX)
port=$((20000 + RANDOM % 20000))
trap 'kill $sim 2>/dev/null || true; rm -rf "$work"' EXIT

python3 - "$rows" "$work" <<'PY'
import json, sys
rows, work = int(sys.argv[1]), sys.argv[2]
seed = {"api_keys": [{"key": "sk_test_demo", "project": "demo"}],
        "charges": [{"id": f"ch_{i}", "amount": 5000, "currency": "usd"} for i in range(rows)]}
json.dump(seed, open(f"{work}/seed.json", "w"))
with open(f"{work}/refunds.csv", "w") as f:
    f.write("order,charge,amount,currency,reference\n")
    for i in range(rows):
        f.write(f"o{i},ch_{i},12.50,usd,line-1\n")
PY
"$bin/app/tools/providersim/provider-sim" --listen "127.0.0.1:$port" --seed "$work/seed.json" \
    >"$work/sim.log" 2>&1 &
sim=$!
url="http://127.0.0.1:$port"
for _ in $(seq 50); do curl -sf "$url/_sim/health" >/dev/null && break; sleep 0.1; done
curl -sf -X POST "$url/_sim/faults" -H 'content-type: application/json' \
    -d "{\"route\":\"*\",\"mode\":\"latency\",\"delay_ms\":$latency}" >/dev/null
export OPS_DB="$work/ops.db" OPS_STRIPE_URL="$url" OPS_STRIPE_KEY=sk_test_demo OPS_OPERATOR=lead
opsctl="$bin/app/cli/opsctl"
"$opsctl" operator add lead --role supervisor >/dev/null
seconds() { python3 -c "import time; print(f'{time.time():.3f}')"; }
requests() { curl -sf "$url/_sim/requests" | python3 -c "import json,sys; print(len(json.load(sys.stdin)['requests']))"; }
refunds() { curl -sf "$url/_sim/ledger" | python3 -c "import json,sys; print(sum(m['kind']=='refund' for m in json.load(sys.stdin)['movements']))"; }

t0=$(seconds); "$opsctl" batch check "$work/refunds.csv" --name bench >/dev/null; t1=$(seconds)
printf 'check   %5d rows at %d ms: %6.2f s   (goal <= 5 s for 1,000 rows at 20 ms)\n' \
    "$rows" "$latency" "$(python3 -c "print($t1-$t0)")"
curl -sf -X DELETE "$url/_sim/requests" >/dev/null
t0=$(seconds); "$opsctl" batch run "$work/refunds.csv" --name bench --rate "$rate" >/dev/null
t1=$(seconds)
printf 'run     %5d rows at %s/s: %6.2f s   (paced floor %.2f s); refunds at the provider %d (goal %d)\n' \
    "$rows" "$rate" "$(python3 -c "print($t1-$t0)")" "$(python3 -c "print($rows/$rate)")" \
    "$(refunds)" "$rows"
for again in 2 3; do
    curl -sf -X DELETE "$url/_sim/requests" >/dev/null
    t0=$(seconds); "$opsctl" batch run "$work/refunds.csv" --name bench >/dev/null; t1=$(seconds)
    printf 'run %d:  %6.2f s, %d requests to the provider (goal 0), refunds at the provider %d\n' \
        "$again" "$(python3 -c "print($t1-$t0)")" "$(requests)" "$(refunds)"
done

# 4. The console's import of the same file under another name (so every row is new): the run at the
#    same pace with a heartbeat on the UI thread (goal: longest gap ≤ 50 ms), refunds again.
curl -sf -X DELETE "$url/_sim/requests" >/dev/null
"$bin/app/tools/bench/opsbench-batch" --file "$work/refunds.csv" --name console --rate "$rate" \
    2> >(grep -v propagateSizeHints >&2) | sed 's/^/console: /'
printf 'console: refunds at the provider %d (goal %d)\n' "$(refunds)" "$((2 * rows))"
