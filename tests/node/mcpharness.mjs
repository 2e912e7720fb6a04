// Shared by the MCP tests: provider-sim (through simharness.mjs) and `opsctl mcp` as child
// processes, the simulator's admin routes, and opsctl itself for looking at the database and
// adding agents. Paths come from the environment ctest sets: OPSCTL, PROVIDER_SIM, OPS_SOURCE_DIR.
// Over HTTP every request carries an agent's own token from `opsctl agent add` (issue 27).

import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { simAdmin, startSim as startSimProcess } from './simharness.mjs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const opsctlPath = process.env.OPSCTL;
export const simPath = process.env.PROVIDER_SIM;
// The supervisor who adds and revokes the agents (the first person bootstraps an empty file).
const SUPERVISOR = 'sam';
// A configuration folder nothing creates: no mcp.key of the machine's user reaches the servers.
const NO_CONFIG = join(tmpdir(), `ops-mcp-no-config-${process.pid}`);

// The first stdout line of a child that announces where it listens.
function firstLine(child, pattern, what) {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error(`${what} printed no first line`)), 15000);
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
    lines.once('line', (line) => {
      clearTimeout(timer);
      const match = pattern.exec(line);
      if (!match) return reject(new Error(`${what}: unexpected first line: ${line}`));
      resolve(Number(match[1]));
    });
  });
}

// provider-sim with the demo seed (simharness.mjs), plus its base URL.
export async function startSim() {
  const { child, port } = await startSimProcess();
  return { child, port, url: `http://127.0.0.1:${port}` };
}

export const admin = (sim, method, path, body) => simAdmin(sim.port, method, path, body);

export async function refundsAtSim(sim) {
  const { movements } = await admin(sim, 'GET', '/_sim/ledger');
  return movements.filter((m) => m.kind === 'refund');
}

export async function refundRequests(sim) {
  const { requests } = await admin(sim, 'GET', '/_sim/requests?path=/v1/refunds');
  return requests.filter((r) => r.method === 'POST');
}

// A fresh database folder per test; OPS_DB may name a PostgreSQL database instead.
export function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'ops-mcp-'));
  const db = process.env.OPS_MCP_TEST_DB ?? join(dir, 'ops.sqlite');
  return { dir, db, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

// The environment `opsctl mcp` runs with: the sim as Stripe, short timeouts and backoff.
// No shared token (OPS_MCP_TOKEN, OPS_MCP_KEY, mcp.key): HTTP calls carry agents' tokens.
export function serverEnv(sim, db, extra = {}) {
  const inherited = { ...process.env };
  for (const name of ['OPS_MCP_TOKEN', 'OPS_MCP_KEY', 'OPS_MCP_AGENT']) delete inherited[name];
  return {
    ...inherited,
    XDG_CONFIG_HOME: NO_CONFIG,
    OPS_DB: db,
    OPS_STRIPE_URL: sim.url,
    OPS_STRIPE_KEY: 'sk_test_demo',
    OPS_ATTEMPT_TIMEOUT_MS: '700',
    OPS_BACKOFF_BASE_MS: '20',
    OPS_BACKOFF_CAP_MS: '80',
    ...extra,
  };
}

// `opsctl mcp --http` on a free port. Its stderr is passed through and kept: stderr() is all of
// it so far (a test searches it for tokens).
export async function startHttpServer(env) {
  const child = spawn(opsctlPath, ['mcp', '--http', '127.0.0.1:0'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    process.stderr.write(chunk);
  });
  const port = await firstLine(child, /^opsctl mcp listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp$/,
    'opsctl mcp --http');
  return { child, port, url: `http://127.0.0.1:${port}/mcp`, stderr: () => stderr };
}

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

// The operations opsctl sees in the database (same rows the MCP server wrote).
export function operations(db) {
  const out = execFileSync(opsctlPath, ['--db', db, 'list', '--json'], { encoding: 'utf8' });
  const parsed = JSON.parse(out);
  return parsed.operations ?? parsed;
}

// opsctl as the supervisor on `db` (with `env` added, e.g. serverEnv's provider); its stdout.
export function asSupervisor(db, args, env = {}) {
  return execFileSync(opsctlPath, ['--db', db, '--operator', SUPERVISOR, ...args],
    { encoding: 'utf8', env: { ...process.env, XDG_CONFIG_HOME: NO_CONFIG, ...env } });
}

const supervised = new Set();

// `opsctl agent add NAME [limits…]` (the supervisor bootstrapped first on a new database): the
// agent's token, printed once.
export function addAgent(db, name, limits = []) {
  if (!supervised.has(db)) {
    asSupervisor(db, ['operator', 'add', SUPERVISOR, '--role', 'supervisor']);
    supervised.add(db);
  }
  return JSON.parse(asSupervisor(db, ['agent', 'add', name, ...limits])).token;
}

export function revokeAgent(db, name) {
  asSupervisor(db, ['agent', 'revoke', name]);
}

// The audit entries agents made, read back with `opsctl audit export --csv --actor agent:`:
// [{ actor, operation }] (agent actors and operation ids hold no commas or quotes).
export function agentAudit(db, dir) {
  const file = join(dir, 'agent-audit.csv');
  asSupervisor(db, ['audit', 'export', '--csv', file, '--actor', 'agent:']);
  const [header, ...rows] = readFileSync(file, 'utf8').trim().split('\n');
  const columns = header.split(',');
  const actor = columns.indexOf('actor');
  const operation = columns.indexOf('operation_id');
  return rows.filter((r) => r.length > 0).map((r) => {
    const fields = r.split(',');
    return { actor: fields[actor], operation: fields[operation] };
  });
}

export const CHECKING_NOTE =
  'Outcome unknown. A person is checking. Do not say the refund succeeded or failed.';
