#!/usr/bin/env python3
# Benchmark helper (issue 16 item 7), not a test: sets each statement the console ran on
# PostgreSQL beside the same statement in psql. QPSQL runs a query as SQL-level PREPARE, EXECUTE
# with literal arguments, DEALLOCATE; with log_min_duration_statement = 0 the server log holds
# both halves and their server times. Each distinct statement seen at least three times is run
# --runs times (default 5) through psql the same way (\timing, PREPARE + EXECUTE summed), and
# the medians are printed side by side.
#
#   scripts/pg.sh start DIR; psql URL -c 'CREATE DATABASE perfbench'
#   psql URL -c 'ALTER SYSTEM SET log_min_duration_statement = 0' -c 'SELECT pg_reload_conf()'
#   build/tests/ui/bench_operationlist --rows 1000000 --keep URL_OF_perfbench
#   scripts/pg-list-compare.py DIR/server.log URL_OF_perfbench [PSQL] [--explain] [--runs=N]
#
# --explain also prints, under each statement, the scans of its plan (EXPLAIN ANALYZE of the same
# EXECUTE: which index each scan reads, heap fetches) and the executor's own time, so a
# statement that reads the table instead of an index shows "Seq Scan".
import re, subprocess, sys, statistics, collections
explain = '--explain' in sys.argv
runs = next((int(a.split('=')[1]) for a in sys.argv if a.startswith('--runs=')), 5)
argv = [a for a in sys.argv if a != '--explain' and not a.startswith('--runs=')]
log, url = argv[1], argv[2]
psql = argv[3] if len(argv) > 3 else 'psql'
text = open(log, errors='replace').read()
records = re.split(r'\n(?=\d{4}-\d\d-\d\d )', text)
prepared = {}
groups = collections.OrderedDict()
for r in records:
    m = re.search(r'duration: ([\d.]+) ms  statement: PREPARE (\S+) AS (.*)', r, re.S)
    if m:
        prepared[m.group(2)] = (float(m.group(1)), ' '.join(m.group(3).split()))
        continue
    m = re.search(r'duration: ([\d.]+) ms  statement: EXECUTE (\S+) \((.*)\)\s*$', r.split('\n')[0])
    m = m or re.search(r'duration: ([\d.]+) ms  statement: EXECUTE (\S+)\s*$', r.split('\n')[0])
    if m and m.group(2) in prepared:
        prep_ms, sql = prepared[m.group(2)]
        args = m.group(3) if m.lastindex >= 3 else ''
        if sql.upper().startswith(('SELECT', 'WITH', 'EXPLAIN')) and not sql.upper().startswith('EXPLAIN'):
            groups.setdefault((sql, args), []).append(prep_ms + float(m.group(1)))
for (sql, args), ds in groups.items():
    if len(ds) < 3:
        continue
    one = f'PREPARE q AS {sql};\nEXECUTE q' + (f'({args})' if args else '') + ';\nDEALLOCATE q;\n'
    r = subprocess.run([psql, url, '-qAt', '-o', '/dev/null'], input='\\timing on\n' + one * runs,
                       capture_output=True, text=True)
    t = [float(x) for x in re.findall(r'Time: ([\d.]+) ms', r.stdout + r.stderr)]
    times = [t[i] + t[i + 1] for i in range(0, len(t) - 2, 3)]
    print(f"{statistics.median(ds):9.2f} ms server (bench)  {statistics.median(times) if times else float('nan'):9.2f} ms psql (min {min(times) if times else float('nan'):.2f})  n={len(ds)}  args=({args[:40]})  {sql[:90]} ... {sql[-120:]}")
    if explain:
        plan = subprocess.run([psql, url, '-qAt'], capture_output=True, text=True,
                              input=f'PREPARE q AS {sql};\nEXPLAIN (ANALYZE, BUFFERS) EXECUTE q'
                              + (f'({args})' if args else '') + ';\n').stdout.splitlines()
        scans = [l.replace('->', '').split('(')[0].strip() for l in plan
                 if re.search(r'(Seq|Index|Index Only|Bitmap Heap|Bitmap Index) Scan', l)]
        fetches = [l.strip() for l in plan if 'Heap Fetches' in l]
        took = [l.strip() for l in plan if l.startswith('Execution Time')]
        print('      plan:', ' | '.join(dict.fromkeys(scans)), '|', ', '.join(dict.fromkeys(fetches)),
              '|', ' '.join(took))
