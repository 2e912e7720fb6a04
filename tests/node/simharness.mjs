// Shared by the tests/node suites: finds the stripe package and provider-sim (skipping the
// suite when the package is not installed), starts provider-sim with the demo seed, calls its
// admin routes, and starts `opsctl webhook serve` for the receiver suites.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const sourceDir = process.env.OPS_SOURCE_DIR ?? join(here, '..', '..');
const simPath = process.env.PROVIDER_SIM;

// The Stripe class of the official package; exits the process (as a skip) when the package is
// missing, and as a failure when PROVIDER_SIM is not set.
export async function loadStripe() {
  if (!existsSync(join(here, 'node_modules', 'stripe'))) {
    console.log('SKIP: node_modules/stripe is missing (run scripts/node-deps.sh)');
    process.exit(0);
  }
  if (!simPath) {
    console.error('PROVIDER_SIM must name the provider-sim executable');
    process.exit(1);
  }
  return (await import('stripe')).default;
}

// Resolves to { child, port, tlsPort } once provider-sim printed its listening lines. With
// tls = { cert, key } (PEM paths) it also serves HTTPS, whose port is tlsPort.
export function startSim(tls) {
  const args = ['--seed', join(sourceDir, 'resources/sim/demo-seed.json')];
  if (tls) args.push('--tls-listen', '127.0.0.1:0', '--tls-cert', tls.cert, '--tls-key', tls.key);
  return new Promise((resolve, reject) => {
    const child = spawn(simPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error('provider-sim printed no first line')), 10000);
    child.on('exit', (code) => reject(new Error(`provider-sim exited with ${code}`)));
    const ports = [];
    lines.on('line', (line) => {
      const match = /^provider-sim listening on https?:\/\/127\.0\.0\.1:(\d+)$/.exec(line);
      if (!match) return reject(new Error(`unexpected line: ${line}`));
      ports.push(Number(match[1]));
      if (ports.length < (tls ? 2 : 1)) return;
      clearTimeout(timer);
      lines.removeAllListeners('line');
      resolve({ child, port: ports[0], tlsPort: ports[1] });
    });
  });
}

// JSON admin call; asserts a 2xx answer.
export async function simAdmin(port, method, path, body) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  assert.ok(response.ok, `${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

// Resolves to { child, base } once `opsctl webhook serve` ($OPSCTL, on a loopback port it picks)
// printed its first line; `env` is added to this process's environment.
export function startWebhookServe(env) {
  assert.ok(process.env.OPSCTL, 'OPSCTL must name the opsctl executable');
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.OPSCTL, ['webhook', 'serve', '--listen', '127.0.0.1:0'], {
      stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env },
    });
    const timer = setTimeout(() => reject(new Error('opsctl printed no first line')), 15000);
    child.on('exit', (code) => reject(new Error(`opsctl exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      const m = /^opsctl webhook listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (!m) return reject(new Error(`unexpected first line: ${line}`));
      resolve({ child, base: m[1] });
    });
  });
}
