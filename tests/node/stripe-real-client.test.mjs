// Stripe's official Node client (the `stripe` package) against provider-sim: the simulator
// must be indistinguishable from Stripe on the routes we use, including idempotency and
// stripe-node's own retries. Run by ctest (node_stripe_real_client) with PROVIDER_SIM set to
// the provider-sim binary; scripts/node-deps.sh installs the package.

import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { loadStripe, simAdmin, startSim } from './simharness.mjs';

const Stripe = await loadStripe();

let sim;
let port;

const admin = (method, path, body) => simAdmin(port, method, path, body);

function client(options = {}) {
  return new Stripe('sk_test_demo', {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    timeout: 5000,
    ...options,
  });
}

const refundParams = (amount = 700) => ({
  charge: 'ch_4417',
  amount,
  reason: 'requested_by_customer',
  metadata: { operation_id: 'op_node_1', note: 'Возврат за заказ #4417' },
});

before(async () => {
  ({ child: sim, port } = await startSim());
});

after(() => {
  sim?.kill();
});

beforeEach(async () => {
  await admin('POST', '/_sim/reset');
});

test('same key twice returns the same refund, the second replayed', async () => {
  const stripe = client();
  const key = 'node-same-key-1';
  const first = await stripe.refunds.create(refundParams(), { idempotencyKey: key });
  const second = await stripe.refunds.create(refundParams(), { idempotencyKey: key });
  assert.match(first.id, /^re_/);
  assert.equal(second.id, first.id);
  assert.equal(first.amount, 700);
  assert.equal(first.metadata.note, 'Возврат за заказ #4417');
  assert.equal(first.lastResponse.headers['idempotent-replayed'], undefined);
  assert.equal(second.lastResponse.headers['idempotent-replayed'], 'true');
  assert.equal(second.lastResponse.headers['idempotency-key'], key);
  assert.match(second.lastResponse.requestId, /^req_/);

  const fetched = await stripe.refunds.retrieve(first.id);
  assert.equal(fetched.id, first.id);
  const listed = await stripe.refunds.list({ charge: 'ch_4417', limit: 5 });
  assert.deepEqual(listed.data.map((r) => r.id), [first.id]);
  const charge = await stripe.charges.retrieve('ch_4417');
  assert.equal(charge.amount_refunded, 700);

  const { movements } = await admin('GET', '/_sim/ledger');
  assert.equal(movements.length, 1);
  assert.equal(movements[0].operation_id, 'op_node_1');
  assert.equal(movements[0].idempotency_key, key);
});

test('same key with other parameters is an idempotency_error', async () => {
  const stripe = client();
  const key = 'node-mismatch-key';
  await stripe.refunds.create(refundParams(700), { idempotencyKey: key });
  await assert.rejects(stripe.refunds.create(refundParams(701), { idempotencyKey: key }), (err) => {
    assert.equal(err.type, 'StripeIdempotencyError');
    assert.equal(err.rawType, 'idempotency_error');
    assert.equal(err.statusCode, 400);
    return true;
  });
  const { movements } = await admin('GET', '/_sim/ledger');
  assert.equal(movements.length, 1);
});

test('a stored 500 replays under its key', async () => {
  await admin('POST', '/_sim/faults', { route: 'POST /v1/refunds', mode: 'stored_500', count: 1 });
  // Retries allowed: Stripe-Should-Retry: false on the stored 500 keeps stripe-node from
  // retrying something that can only replay.
  const stripe = client({ maxNetworkRetries: 2 });
  const key = 'node-500-key';
  const check = (replayed) => (err) => {
    assert.equal(err.type, 'StripeAPIError');
    assert.equal(err.statusCode, 500);
    assert.equal(err.headers['idempotent-replayed'], replayed);
    return true;
  };
  await assert.rejects(stripe.refunds.create(refundParams(), { idempotencyKey: key }), check(undefined));
  await assert.rejects(stripe.refunds.create(refundParams(), { idempotencyKey: key }), check('true'));
  const { movements } = await admin('GET', '/_sim/ledger');
  assert.equal(movements.length, 0);
  const { requests } = await admin('GET', '/_sim/requests');
  assert.equal(requests.length, 2);
});

test('two concurrent calls with one key: one succeeds, one gets 409 in use', async () => {
  await admin('POST', '/_sim/faults', {
    route: 'POST /v1/refunds', mode: 'latency', delay_ms: 800, count: 1,
  });
  const stripe = client();
  const key = 'node-concurrent-key';
  const first = stripe.refunds.create(refundParams(), { idempotencyKey: key });
  await new Promise((r) => setTimeout(r, 150));
  const second = stripe.refunds.create(refundParams(), { idempotencyKey: key });
  const results = await Promise.allSettled([first, second]);
  const fulfilled = results.filter((r) => r.status === 'fulfilled');
  const rejected = results.filter((r) => r.status === 'rejected');
  assert.equal(fulfilled.length, 1);
  assert.equal(rejected.length, 1);
  assert.equal(rejected[0].reason.statusCode, 409);
  assert.equal(rejected[0].reason.code, 'idempotency_key_in_use');
  assert.equal(rejected[0].reason.rawType, 'idempotency_error');
  const { movements } = await admin('GET', '/_sim/ledger');
  assert.equal(movements.length, 1);
});

test("stripe-node's own retries across commit_then_hang leave exactly one refund", async () => {
  // The first attempt is applied and then answered after 6 s; the client gives up after 1 s
  // and retries with the idempotency key stripe-node generated for the call.
  await admin('POST', '/_sim/faults', {
    route: 'POST /v1/refunds', mode: 'commit_then_hang', delay_ms: 6000, count: 1,
  });
  const stripe = client({ maxNetworkRetries: 3, timeout: 1000 });
  const refund = await stripe.refunds.create(refundParams(900));
  assert.equal(refund.lastResponse.headers['idempotent-replayed'], 'true');

  const { movements } = await admin('GET', '/_sim/ledger');
  assert.equal(movements.length, 1);
  assert.equal(movements[0].id, refund.id);
  assert.equal(movements[0].amount, 900);

  const { requests } = await admin('GET', '/_sim/requests?path=/v1/refunds');
  assert.ok(requests.length >= 2, JSON.stringify(requests));
  assert.equal(requests[0].fault, 'commit_then_hang');
  assert.equal(requests[0].status, null); // the late answer found no client
  for (const r of requests) {
    assert.equal(r.body, requests[0].body); // byte-identical resends
    assert.equal(r.idempotency_key, requests[0].idempotency_key);
  }
  assert.ok(requests[0].idempotency_key, 'stripe-node sends a key when retries are enabled');
  const charge = await stripe.charges.retrieve('ch_4417');
  assert.equal(charge.amount_refunded, 900);
});
