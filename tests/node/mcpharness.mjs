// Shared by the MCP tests: provider-sim (through simharness.mjs) and `opsctl mcp` as child
// processes, the simulator's admin routes, and opsctl itself for looking at the database.
// Paths come from the environment ctest sets: OPSCTL, PROVIDER_SIM, OPS_SOURCE_DIR.

import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { simAdmin, startSim as startSimProcess } from './simharness.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const opsctlPath = process.env.OPSCTL;
export const simPath = process.env.PROVIDER_SIM;
export const TOKEN = 'mcp-test-token-0123456789';

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
export function serverEnv(sim, db, extra = {}) {
  return {
    ...process.env,
    OPS_DB: db,
    OPS_STRIPE_URL: sim.url,
    OPS_STRIPE_KEY: 'sk_test_demo',
    OPS_ATTEMPT_TIMEOUT_MS: '700',
    OPS_BACKOFF_BASE_MS: '20',
    OPS_BACKOFF_CAP_MS: '80',
    OPS_MCP_TOKEN: TOKEN,
    ...extra,
  };
}

export async function startHttpServer(env) {
  const child = spawn(opsctlPath, ['mcp', '--http', '127.0.0.1:0'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await firstLine(child, /^opsctl mcp listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp$/,
    'opsctl mcp --http');
  return { child, port, url: `http://127.0.0.1:${port}/mcp` };
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

export const CHECKING_NOTE =
  'Outcome unknown. A person is checking. Do not say the refund succeeded or failed.';
