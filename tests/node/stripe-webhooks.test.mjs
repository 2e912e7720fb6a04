// Stripe's official Node package against provider-sim's events and webhooks: the bodies the
// simulator delivers to a node http server pass stripe.webhooks.constructEvent with the
// endpoint's secret, and a changed byte, another secret or a stale timestamp are refused by it;
// stripe.events.list / retrieve (with auto-pagination) parse what GET /v1/events serves. Run by
// ctest (node_stripe_webhooks) with PROVIDER_SIM set; scripts/node-deps.sh installs the package.

import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { loadStripe, simAdmin, startSim } from './simharness.mjs';

const Stripe = await loadStripe();

const secret = 'whsec_node_webhooks_test';
let sim;
let port;
let receiver;
let receiverUrl;
let received = []; // { body: Buffer, signature: string, status: number }
let verifier; // a Stripe client for the receiver's own check

function startReceiver() {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        // Answers as a real receiver does: 400 unless constructEvent accepts the delivery.
        const body = Buffer.concat(chunks);
        const signature = req.headers['stripe-signature'];
        let status = 200;
        try {
          verifier.webhooks.constructEvent(body, signature, secret);
        } catch {
          status = 400;
        }
        received.push({ body, signature, status });
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end('{}');
      });
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

const admin = (method, path, body) => simAdmin(port, method, path, body);

async function waitForDeliveries(n) {
  for (let i = 0; i < 300 && received.length < n; ++i)
    await new Promise((r) => setTimeout(r, 20));
  assert.ok(received.length >= n, `${received.length} deliveries received, ${n} expected`);
}

function client() {
  return new Stripe('sk_test_demo', {
    host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0, timeout: 5000,
  });
}

before(async () => {
  ({ child: sim, port } = await startSim());
  verifier = client();
  receiver = await startReceiver();
  receiverUrl = `http://127.0.0.1:${receiver.address().port}/webhooks/stripe`;
});

after(() => {
  sim?.kill();
  receiver?.close();
});

beforeEach(async () => {
  await admin('POST', '/_sim/reset');
  received = [];
  await admin('POST', '/_sim/webhooks', {
    url: receiverUrl, secret, retry_base_ms: 50, max_attempts: 2,
  });
});

test('constructEvent accepts what provider-sim delivers', async () => {
  const stripe = client();
  const refund = await stripe.refunds.create(
    { charge: 'ch_4417', amount: 700, metadata: { operation_id: 'op_node_wh', note: 'Возврат' } },
    { idempotencyKey: 'node-wh-1' });
  await waitForDeliveries(2);
  assert.equal(received.length, 2);
  assert.ok(received.every((r) => r.status === 200));
  const events = received.map(({ body, signature }) =>
    stripe.webhooks.constructEvent(body, signature, secret));
  assert.deepEqual(events.map((e) => e.type).sort(), ['charge.refunded', 'refund.created']);
  const created = events.find((e) => e.type === 'refund.created');
  assert.equal(created.object, 'event');
  assert.equal(created.livemode, false);
  assert.equal(created.data.object.id, refund.id);
  assert.equal(created.data.object.metadata.note, 'Возврат');
  assert.equal(created.request.idempotency_key, 'node-wh-1');
  assert.equal(created.request.id, refund.lastResponse.requestId);
  // The string form of the body verifies as well as the bytes.
  const { body, signature } = received[0];
  assert.equal(stripe.webhooks.constructEvent(body.toString('utf8'), signature, secret).id,
    JSON.parse(body).id);
});

test('constructEvent refuses a changed byte, another secret and a stale timestamp', async () => {
  const stripe = client();
  await stripe.refunds.create({ charge: 'ch_4417', amount: 300 });
  await waitForDeliveries(2);
  const { body, signature } = received[0];
  const refused = (err) => {
    assert.equal(err.type, 'StripeSignatureVerificationError');
    return true;
  };
  const tampered = Buffer.from(body);
  const at = tampered.indexOf('"amount"') + 1;
  tampered[at] = tampered[at] ^ 0x20; // "amount" → "Amount"
  assert.throws(() => stripe.webhooks.constructEvent(tampered, signature, secret), refused);
  assert.throws(() => stripe.webhooks.constructEvent(body, signature, 'whsec_other'), refused);

  // Signed an hour ago by the simulator's clock: outside the default 300 s tolerance, inside a
  // wider one.
  await admin('POST', '/_sim/clock', { advance_seconds: -3600 });
  received = [];
  await stripe.refunds.create({ charge: 'ch_1001', amount: 300 });
  await waitForDeliveries(2);
  const stale = received[0];
  assert.equal(stale.status, 400); // the receiver's own constructEvent refused it too
  assert.throws(() => stripe.webhooks.constructEvent(stale.body, stale.signature, secret), (err) => {
    assert.equal(err.type, 'StripeSignatureVerificationError');
    assert.match(err.message, /tolerance/i);
    return true;
  });
  assert.ok(stripe.webhooks.constructEvent(stale.body, stale.signature, secret, 7200));
});

test('a bad_signature fault is refused by constructEvent, the retry accepted', async () => {
  await admin('POST', '/_sim/faults', { route: 'WEBHOOK', mode: 'bad_signature', count: 1 });
  await admin('DELETE', '/_sim/webhooks');
  await admin('POST', '/_sim/webhooks', {
    url: receiverUrl, secret, events: ['refund.created'], retry_base_ms: 50,
  });
  const stripe = client();
  await stripe.refunds.create({ charge: 'ch_4417', amount: 100 });
  await waitForDeliveries(2);
  assert.deepEqual(received.map((r) => r.status), [400, 200]);
  assert.deepEqual(received[0].body, received[1].body);
  assert.throws(() => stripe.webhooks.constructEvent(received[0].body, received[0].signature, secret));
  assert.equal(stripe.webhooks.constructEvent(received[1].body, received[1].signature, secret).type,
    'refund.created');
  let deliveries = [];
  for (let i = 0; i < 100 && deliveries.length < 2; ++i) {
    ({ deliveries } = await admin('GET', '/_sim/webhooks/deliveries'));
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.deepEqual(deliveries.map((d) => [d.fault, d.status, d.outcome]),
    [['bad_signature', 400, 'retrying'], [null, 200, 'delivered']]);
});

test('events.list and events.retrieve parse, with auto-pagination', async () => {
  const stripe = client();
  for (let i = 0; i < 3; ++i) await stripe.refunds.create({ charge: 'ch_1002', amount: 10 });
  const page = await stripe.events.list({ type: 'refund.*', limit: 2 });
  assert.equal(page.object, 'list');
  assert.equal(page.data.length, 2);
  assert.equal(page.has_more, true);
  assert.ok(page.data.every((e) => e.type === 'refund.created'));
  const all = [];
  for await (const e of stripe.events.list({ limit: 2 })) all.push(e);
  assert.equal(all.length, 6);
  assert.equal(new Set(all.map((e) => e.id)).size, 6);
  const one = await stripe.events.retrieve(all[0].id);
  assert.deepEqual(one.data, all[0].data);
  assert.equal(one.api_version, '2024-06-20');
  await assert.rejects(stripe.events.retrieve('evt_missing'), (err) => {
    assert.equal(err.statusCode, 404);
    assert.equal(err.code, 'resource_missing');
    return true;
  });
  const created = await stripe.events.list({ created: { gte: all[0].created + 1 } });
  assert.equal(created.data.length, 0);
});
