// Stripe's official Node package on the sending side of our receiver: a body signed with
// stripe.webhooks.generateTestHeaderString is accepted by a running `opsctl webhook serve`, and a
// tampered byte, another secret or a stale timestamp are refused (4xx, nothing stored). Run by
// ctest (node_stripe_webhook_receiver) with OPSCTL and PROVIDER_SIM set; scripts/node-deps.sh
// installs the package.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadStripe, startWebhookServe } from './simharness.mjs';

const Stripe = await loadStripe();
const stripe = new Stripe('sk_test_demo');
const secret = 'whsec_node_receiver_test';
let dir;
let child;
let base;

function eventPayload(id) {
  return JSON.stringify({
    id, object: 'event', type: 'refund.updated', created: Math.floor(Date.now() / 1000),
    livemode: false, api_version: '2024-06-20',
    data: { object: { id: `re_${id}`, object: 'refund', amount: 500, currency: 'usd',
                      status: 'succeeded', metadata: {} } },
    request: { id: null, idempotency_key: null },
  }, null, 2);
}

async function deliver(payload, header) {
  const response = await fetch(`${base}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
    body: payload,
  });
  return { status: response.status, json: await response.json() };
}

async function stats() {
  return (await fetch(`${base}/healthz`)).json();
}

before(async () => {
  if (!process.env.OPSCTL) throw new Error('OPSCTL must name the opsctl executable');
  dir = mkdtempSync(join(tmpdir(), 'ops-node-receiver-'));
  ({ child, base } = await startWebhookServe({
    OPS_DB: join(dir, 'ops.sqlite'), OPS_STRIPE_KEY: 'sk_test_demo', OPS_STRIPE_WEBHOOK_SECRET: secret,
  }));
});

after(() => {
  child?.removeAllListeners('exit');
  child?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

test('a body signed by generateTestHeaderString is accepted and stored once', async () => {
  const payload = eventPayload('evt_node_ok');
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
  const first = await deliver(payload, header);
  assert.equal(first.status, 200);
  assert.equal(first.json.duplicate, false);
  const again = await deliver(payload, header);
  assert.equal(again.status, 200);
  assert.equal(again.json.duplicate, true);
});

test('a tampered byte, another secret and a stale timestamp are refused', async () => {
  const before = await stats();
  const payload = eventPayload('evt_node_bad');
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
  const tampered = payload.replace('"amount": 500', '"amount": 501');
  assert.notEqual(tampered, payload);
  const cases = [
    [tampered, header, 'bad_signature'],
    [payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }),
     'bad_signature'],
    [payload, stripe.webhooks.generateTestHeaderString({
      payload, secret, timestamp: Math.floor(Date.now() / 1000) - 301 }), 'stale_timestamp'],
  ];
  for (const [body, sig, reason] of cases) {
    const r = await deliver(body, sig);
    assert.equal(r.status, 400, reason);
    assert.equal(r.json.error.code, reason);
  }
  const afterStats = await stats();
  assert.equal(afterStats.refused_total, before.refused_total + cases.length);
  assert.equal(afterStats.stored, before.stored);
  // The real client's own check agrees with ours on the same inputs.
  assert.throws(() => stripe.webhooks.constructEvent(tampered, header, secret));
});
