// Benchmark of `opsctl mcp` (issue 15), figures not pass/fail (docs/benchmarks.md):
//   node tests/node/mcp-bench.mjs [--calls N] [--memory-calls N] [--in-flight 8,64] [--pg-profile] [--pg-agent LOGIN]
//                                 [--workers N] [--throughput-only] [--latency MS] [--servers K]
// with OPSCTL and PROVIDER_SIM naming the executables. A raw JSON-RPC client over stdio (no SDK
// in the way) keeps N calls in flight on one connection, each a refund of its own charge.
// Printed: refunds/s at 20 ms provider latency for 8 and 64 calls in flight beside the latency
// bound (in flight / (2 × latency): a refund is a charge read and a POST); the per-call time at
// zero latency beside `opsctl refund` (one process per call); the server's RSS over many calls.
// Beside each rate: the simulator's own round trip at that latency (the rate it allows) and the
// CPU per refund of the server, provider-sim and this client (the rate the cores allow).
// --pg-profile adds PostgreSQL's statements per refund, the costliest with plan and execution time
// apart, and the HOT share of each table's updates (pgprofile.mjs; issue 52).
// --servers K runs K servers on the same database, each with its own connection and the given
// calls in flight (the team's several servers, issue 28). With OPS_MCP_TEST_DB naming a
// PostgreSQL database, the PostgreSQL backends' CPU counts too, and each figure prints the audit
// sequencer's merge delay (median and p99 from queueing to chain position, 0016).
// --pg-agent LOGIN: the servers log in as LOGIN, a member of ops_agent made here (password
// "bench"), as a team's agents do; the owner only migrates. Without it they run as the URL's
// role, and an owner skips the guard triggers' checks that every agent's write pays.

import { spawn, execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { admin, opsctlPath, serverEnv, startSim, stop, workspace } from './mcpharness.mjs';
import { printProfile, startProfile } from './pgprofile.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const calls = arg('--calls', 400);
const memoryCalls = arg('--memory-calls', 10000);
const workers = arg('--workers', 64);
const latencyMs = arg('--latency', 20);
const servers = arg('--servers', 1);
const pgUrl = /^postgres(ql)?:/.test(process.env.OPS_MCP_TEST_DB ?? '') ? process.env.OPS_MCP_TEST_DB : null;
const listArg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1].split(',').map(Number) : fallback;
};
const inFlights = listArg('--in-flight', [8, 64]);
// The cheaper mode: only the latency-bound figures (no per-process and no memory run).
const throughputOnly = process.argv.includes('--throughput-only');
// PostgreSQL only: statements, their plan and execution time and HOT updates per figure
// (pgprofile.mjs says what the server needs).
const pgProfile = pgUrl !== null && process.argv.includes('--pg-profile');
const agentLogin = pgUrl !== null && process.argv.includes('--pg-agent')
  ? process.argv[process.argv.indexOf('--pg-agent') + 1] : null;
const run = promisify(execFile);

const sim = await startSim();
// Charges and orders of this run only: a PostgreSQL database outlives the run, and an order it
// already refunded would be answered as a repeat (rule 13) without a request.
const tag = `b${Date.now().toString(36)}`;
let charge = 0;
async function seedCharges(n) {
  const first = charge;
  const charges = Array.from({ length: n }, () => ({ id: `ch_${tag}_${charge++}`, amount: 1000, currency: 'usd' }));
  for (let i = 0; i < charges.length; i += 2000) {
    await admin(sim, 'POST', '/_sim/seed', { charges: charges.slice(i, i + 2000) });
  }
  return first;
}

// The database URL the servers use: `db` itself, or (--pg-agent) the agent's login to it,
// migrated first by the owner.
let agentUrl = null;
async function serverDb(db) {
  if (!agentLogin) return db;
  if (agentUrl) return agentUrl;
  if (!/^[a-z_][a-z0-9_]*$/.test(agentLogin)) throw new Error(`--pg-agent ${agentLogin}: a lower-case name`);
  await run(opsctlPath, ['db', 'migrate'], { env: serverEnv(sim, db) });
  await run('psql', [db, '-Atc', `DO $$ BEGIN CREATE ROLE ${agentLogin} LOGIN PASSWORD 'bench';
    EXCEPTION WHEN duplicate_object THEN NULL; END $$; GRANT ops_agent TO ${agentLogin}`]);
  const url = new URL(db);
  url.username = agentLogin;
  url.password = 'bench';
  agentUrl = url.toString();
  return agentUrl;
}

function server(db) {
  const child = spawn(opsctlPath, ['mcp', '--db-connections', String(workers)], {
    env: serverEnv(sim, db, { OPS_ATTEMPT_TIMEOUT_MS: '10000' }),
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const waiting = new Map();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const m = JSON.parse(line);
    const done = waiting.get(m.id);
    if (done) { waiting.delete(m.id); done(m); }
  });
  let id = 0;
  const ask = (method, params) => new Promise((resolve) => {
    const myId = ++id;
    waiting.set(myId, resolve);
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: myId, method, params }) + '\n');
  });
  return { child, ask };
}

async function refunds(s, firstCharge, n, inFlight) {
  let next = 0;
  let refunded = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < n) {
      const i = firstCharge + next++;
      const r = await s.ask('tools/call', { name: 'refund',
        arguments: { order: `${tag}_${i}`, charge: `ch_${tag}_${i}`, amount: 100 } });
      if (r.result?.structuredContent?.status === 'refunded') refunded++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { seconds: (performance.now() - started) / 1000, refunded };
}

// CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 1/100 s).
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const clientCpuSeconds = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
// Every process named postgres on this machine (the test server's backends): 0 on SQLite.
const pgCpuSeconds = () => {
  if (!pgUrl) return 0;
  let sum = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(postgres)')) sum += cpuSeconds(pid);
    } catch { /* the process ended */ }
  }
  return sum;
};
// The merge delay of the entries chained in the last windowMs, and what still waits.
async function mergeDelay(windowMs) {
  const sql = `SELECT d.chained, round(d.median_ms::numeric, 1), round(d.p99_ms::numeric, 1), w.waiting
    FROM ops_audit_merge_delay(${Math.ceil(windowMs)}) d, ops_audit_waiting() w`;
  const { stdout } = await run('psql', [pgUrl, '-Atc', sql]);
  const [chained, median, p99, waiting] = stdout.trim().split('|');
  return { chained, median, p99, waiting };
}

// The provider's own time per request at the injected latency: one keep-alive client, one charge
// read at a time (the simulator's timer, its parsing and loopback on top of the 20 ms). A refund
// waits for two such answers, so this is the rate no client of this simulator can pass.
async function providerRoundTripMs(chargeId) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () => new Promise((resolve, reject) => {
    const started = performance.now();
    http.get({ host: '127.0.0.1', port: sim.port, path: `/v1/charges/${chargeId}`, agent,
      headers: { Authorization: 'Bearer sk_test_demo' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    }).on('error', reject);
  });
  const times = [];
  for (let i = 0; i < 40; i++) times.push(await once());
  agent.destroy();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const rssKiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

async function withServer(fn) {
  const [r] = await withServers(1, ([s], space) => fn(s, space));
  return r;
}

async function withServers(k, fn) {
  const space = workspace();
  const db = await serverDb(space.db);
  const all = Array.from({ length: k }, () => server(db));
  try {
    for (const s of all) {
      await s.ask('initialize', { protocolVersion: '2025-11-25', capabilities: {},
        clientInfo: { name: 'bench', version: '1' } });
    }
    return [await fn(all, space)];
  } finally {
    for (const s of all) { s.child.stdin.end(); await stop(s.child); }
    space.cleanup();
  }
}

console.log(`opsctl mcp benchmark (${calls} refunds per figure, ${servers} server(s) on one ` +
  `${pgUrl ? 'PostgreSQL database' : 'SQLite file'}${agentLogin ? ` as agent login ${agentLogin}` : ''}, ` +
  `${workers} connections each, ${latencyMs} ms ` +
  `provider latency, load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")})`);
for (const inFlight of inFlights) {
  await admin(sim, 'POST', '/_sim/faults', { route: '*', mode: 'latency', delay_ms: latencyMs });
  const first = await seedCharges(calls);
  const roundTrip = await providerRoundTripMs(`ch_${tag}_${first}`);
  const profile = pgProfile ? await startProfile(pgUrl) : null;
  const [r] = await withServers(servers, async (all) => {
    const cpu = () => [...all.map((s) => cpuSeconds(s.child.pid)), cpuSeconds(sim.child.pid),
      clientCpuSeconds(), pgCpuSeconds()];
    const before = cpu();
    const started = performance.now();
    const share = Math.floor(calls / servers);
    const parts = await Promise.all(all.map((s, i) => refunds(s, first + i * share, share, inFlight)));
    const elapsedMs = performance.now() - started;
    const after = cpu();
    const ms = after.map((a, i) => (1000 * (a - before[i])) / calls);
    const result = { seconds: Math.max(...parts.map((p) => p.seconds)),
      refunded: parts.reduce((n, p) => n + p.refunded, 0), total: share * servers,
      cpuMs: [ms.slice(0, servers).reduce((a, b) => a + b, 0), ...ms.slice(servers)] };
    if (pgUrl) result.merge = await mergeDelay(elapsedMs + 500);
    return result;
  });
  await admin(sim, 'DELETE', '/_sim/faults');
  const rate = r.refunded / r.seconds;
  const bound = (servers * inFlight) / (2 * latencyMs / 1000);
  console.log(`${servers > 1 ? `${servers} servers × ` : ''}${inFlight} in flight, ${latencyMs} ms latency: ` +
    `${rate.toFixed(1)} refunds/s (${r.refunded}/${r.total} refunded, ${r.seconds.toFixed(2)} s); ` +
    `latency bound ${bound} /s; ${(100 * rate / bound).toFixed(0)} % of it`);
  const providerBound = (servers * inFlight) / (2 * roundTrip / 1000);
  console.log(`  provider round trip ${roundTrip.toFixed(2)} ms (median of 40 at ${latencyMs} ms latency): ` +
    `the simulator allows ${providerBound.toFixed(0)} /s; ${(100 * rate / providerBound).toFixed(0)} % of it`);
  // What the machine can give: every refund costs this much CPU in the processes, so the cores
  // bound the rate at cores / CPU per refund, whatever the latency bound says.
  const [server, provider, client, postgres] = r.cpuMs;
  const total = server + provider + client + postgres;
  const coreBound = (1000 * os.cpus().length) / total;
  console.log(`  CPU per refund: server${servers > 1 ? 's' : ''} ${server.toFixed(2)} ms, provider-sim ${provider.toFixed(2)} ms, ` +
    `client ${client.toFixed(2)} ms${pgUrl ? `, postgres ${postgres.toFixed(2)} ms` : ''}; ` +
    `${os.cpus().length} cores bound the rate at ${coreBound.toFixed(0)} /s; ` +
    `${(100 * rate / Math.min(bound, coreBound)).toFixed(0)} % of the lower bound`);
  if (r.merge) {
    console.log(`  audit merge delay (queued to chained): median ${r.merge.median} ms, p99 ${r.merge.p99} ms ` +
      `over ${r.merge.chained} entries; ${r.merge.waiting} waiting after the run`);
  }
  if (profile) await printProfile(pgUrl, profile, r.refunded); // the servers have stopped
}

if (!throughputOnly) {
  const first = await seedCharges(calls);
  const r = await withServer((s) => refunds(s, first, calls, 1));
  const processes = Math.min(100, calls);
  const firstProc = await seedCharges(processes);
  const space = workspace();
  const env = serverEnv(sim, space.db);
  const started = performance.now();
  for (let i = 0; i < processes; i++) {
    const c = firstProc + i;
    await run(opsctlPath, ['refund', '--order', `p${tag}_${c}`, '--charge', `ch_${tag}_${c}`, '--amount', '100'], { env });
  }
  const perProcess = (performance.now() - started) / processes;
  space.cleanup();
  console.log(`zero latency, one at a time: ${(1000 * r.seconds / calls).toFixed(2)} ms per call ` +
    `through opsctl mcp; ${perProcess.toFixed(2)} ms per opsctl refund process (${processes} runs)`);
}

if (!throughputOnly && memoryCalls > 0) {
  const first = await seedCharges(memoryCalls);
  await withServer(async (s) => {
    const marks = [];
    const step = Math.max(1, Math.floor(memoryCalls / 5));
    for (let done = 0; done < memoryCalls; done += step) {
      await refunds(s, first + done, Math.min(step, memoryCalls - done), 8);
      marks.push(`${Math.min(done + step, memoryCalls)}: ${(rssKiB(s.child.pid) / 1024).toFixed(1)} MiB`);
    }
    console.log(`server RSS after calls (8 in flight, zero latency): ${marks.join(', ')}`);
  });
}

await stop(sim.child);
