// Where PostgreSQL's time goes during one benchmark figure (issue 52): statements per refund, the
// statements that cost most with planning and execution apart, and each written table's share
// of HOT updates. Figures, not pass/fail.
//
// Needs a server with pg_stat_statements preloaded and planning tracked, which only a bench's
// own throwaway server should have:
//   OPS_PG_EXTRA="-c shared_preload_libraries=pg_stat_statements \
//     -c pg_stat_statements.track_planning=on" scripts/pg.sh start /tmp/ops-pg-bench
// and a URL whose role may read and reset the statistics (the owner, postgres).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function rows(url, sql) {
  const { stdout } = await run('psql', [url, '-X', '-q', '-AtF', '\t', '-c', sql]);
  const text = stdout.trim();
  return text ? text.split('\n').map((line) => line.split('\t')) : [];
}

// This database's statements, without the profile's own reads.
const ours = `dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND query NOT ILIKE '%pg_stat%' AND query NOT ILIKE '%pg_database%'
  AND query NOT ILIKE 'CREATE EXTENSION%'`;

// Per table: [inserts, updates, HOT updates]. Backends flush these when they end or go idle, so
// take the second reading after the servers have stopped.
async function tableWrites(url) {
  const found = await rows(url, `SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd
    FROM pg_stat_user_tables`);
  return Object.fromEntries(found.map(([table, ...n]) => [table, n.map(Number)]));
}

// Per PL/pgSQL or SQL function: [calls, total ms, self ms]; empty unless the server tracks
// functions (-c track_functions=pl). Triggers show here, which statements hide inside their own.
async function functionTimes(url) {
  const found = await rows(url, `SELECT funcname, calls, total_time, self_time
    FROM pg_stat_user_functions`);
  return Object.fromEntries(found.map(([name, ...n]) => [name, n.map(Number)]));
}

// Resets the statement statistics and reads the table counters: the figure's starting point.
export async function startProfile(url) {
  await rows(url, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await rows(url, 'SELECT pg_stat_statements_reset()');
  return { tables: await tableWrites(url), functions: await functionTimes(url) };
}

// Prints what the figure cost PostgreSQL since startProfile, per refund (`refunds` of them).
export async function printProfile(url, start, refunds, log = console.log) {
  const [[statements, execMs, planMs]] = await rows(url, `SELECT coalesce(sum(calls), 0),
    coalesce(sum(total_exec_time), 0), coalesce(sum(total_plan_time), 0)
    FROM pg_stat_statements WHERE ${ours}`);
  const per = (n) => (Number(n) / refunds).toFixed(2);
  log(`  postgres per refund: ${per(statements)} statements, ${per(execMs)} ms executing, ` +
    `${per(planMs)} ms planning (pg_stat_statements)`);
  const top = await rows(url, `SELECT calls, plans, total_exec_time, total_plan_time,
    left(regexp_replace(query, '\\s+', ' ', 'g'), 100)
    FROM pg_stat_statements WHERE ${ours}
    ORDER BY total_exec_time + total_plan_time DESC LIMIT 8`);
  for (const [calls, plans, exec, plan, query] of top) {
    const mean = (total, n) => (Number(n) > 0 ? (Number(total) / Number(n)).toFixed(3) : '-');
    log(`    ${per(calls)}/refund  exec ${mean(exec, calls)} ms  plan ${mean(plan, plans)} ms ` +
      `(${plans} plans): ${query}`);
  }
  const end = await tableWrites(url);
  const lines = [];
  for (const [table, [ins, upd, hot]] of Object.entries(end)) {
    const [ins0, upd0, hot0] = start.tables[table] ?? [0, 0, 0];
    const [i, u, h] = [ins - ins0, upd - upd0, hot - hot0];
    if (i + u === 0) continue;
    lines.push(`${table} ${per(i)} inserts, ${per(u)} updates` +
      (u > 0 ? ` (${((100 * h) / u).toFixed(0)} % HOT)` : ''));
  }
  log(`  rows written per refund: ${lines.sort().join('; ')}`);
  const functions = [];
  for (const [name, [calls, total, self]] of Object.entries(await functionTimes(url))) {
    const [calls0, total0, self0] = start.functions[name] ?? [0, 0, 0];
    if (calls > calls0) functions.push([name, calls - calls0, total - total0, self - self0]);
  }
  functions.sort((a, b) => b[3] - a[3]);
  for (const [name, calls, total, self] of functions.slice(0, 10))
    log(`    ${name}: ${per(calls)} calls/refund, ${(self / refunds).toFixed(3)} ms self, ` +
      `${(total / refunds).toFixed(3)} ms with callees, per refund`);
}
