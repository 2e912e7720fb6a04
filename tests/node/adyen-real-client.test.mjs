// Adyen's official Node library (@adyen/api-library) against provider-sim's Adyen side
// (docs/adyen.md): ModificationsApi.refundCapturedPayment over HTTPS (the library speaks nothing
// else) with an idempotency key, the 422/704 answer while a key is in use, and hmacValidator on
// the notifications the simulator signs and delivers. Run by ctest (node_adyen_real_client) with
// PROVIDER_SIM set and OPS_TEST_TLS_DIR holding the build's self-signed cert.pem/key.pem, which
// NODE_EXTRA_CA_CERTS makes Node trust; scripts/node-deps.sh installs the package.

import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simAdmin, startSim } from './simharness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
if (!existsSync(join(here, 'node_modules', '@adyen', 'api-library'))) {
  console.log('SKIP: node_modules/@adyen/api-library is missing (run scripts/node-deps.sh)');
  process.exit(0);
}
const { Client, CheckoutAPI, hmacValidator } = (await import('@adyen/api-library')).default;

const tlsDir = process.env.OPS_TEST_TLS_DIR;
assert.ok(tlsDir, 'OPS_TEST_TLS_DIR must name the folder of the test certificate');
const payment = 'DZ4DPSHB4WD2WN82'; // demo seed: 50.00 EUR, NorthwindECOM
const merchantAccount = 'NorthwindECOM';
const hmacKey = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';

let sim;
let port;
let tlsPort;
let receiver;
let received = []; // NotificationRequestItem objects, as delivered

const admin = (method, path, body) => simAdmin(port, method, path, body);

function modifications(apiKey = 'adyen_test_demo') {
  const client = new Client({ apiKey, environment: 'TEST' });
  client.config.connectionTimeoutMillis = 5000;
  const api = new CheckoutAPI(client).ModificationsApi; // a getter: keep this one instance
  api.baseUrl = `https://127.0.0.1:${tlsPort}/v72`;
  return api;
}

const refundRequest = (value, reference) => ({
  merchantAccount, amount: { value, currency: 'EUR' }, reference,
});

function startReceiver() {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const batch = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const wrapper of batch.notificationItems) received.push(wrapper.NotificationRequestItem);
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end('[accepted]');
      });
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

// Waits until provider-sim has logged n refund requests (the order of concurrent sends must not
// rest on a sleep).
async function waitForRequests(n) {
  for (let i = 0; i < 300; ++i) {
    const { requests } = await admin('GET', '/_sim/requests');
    if (requests.filter((r) => r.path.endsWith('/refunds')).length >= n) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.fail(`provider-sim never logged ${n} refund requests`);
}

async function waitFor(n) {
  for (let i = 0; i < 300 && received.length < n; ++i) await new Promise((r) => setTimeout(r, 20));
  assert.ok(received.length >= n, `${received.length} notifications received, ${n} expected`);
}

before(async () => {
  ({ child: sim, port, tlsPort } = await startSim({
    cert: join(tlsDir, 'cert.pem'), key: join(tlsDir, 'key.pem'),
  }));
  receiver = await startReceiver();
});

after(() => {
  sim?.kill();
  receiver?.close();
});

beforeEach(async () => {
  await admin('POST', '/_sim/reset');
  received = [];
  await admin('POST', '/_sim/webhooks', {
    url: `http://127.0.0.1:${receiver.address().port}/webhooks/adyen`,
    format: 'adyen', hmac_key: hmacKey, retry_base_ms: 50, max_attempts: 2,
  });
});

test('refundCapturedPayment is received, and its key replays the same pspReference', async () => {
  const api = modifications();
  const first = await api.refundCapturedPayment(payment, refundRequest(1200, 'op_adyen_node_1'),
    { idempotencyKey: 'node-adyen-1' });
  assert.equal(first.status, 'received');
  assert.equal(first.paymentPspReference, payment);
  assert.equal(first.reference, 'op_adyen_node_1');
  assert.match(first.pspReference, /^[0-9A-Z]{16}$/);
  assert.deepEqual({ ...first.amount }, { value: 1200, currency: 'EUR' }); // the library's Amount

  const again = await api.refundCapturedPayment(payment, refundRequest(1200, 'op_adyen_node_1'),
    { idempotencyKey: 'node-adyen-1' });
  assert.equal(again.pspReference, first.pspReference);

  await waitFor(1);
  const { movements } = await admin('GET', '/_sim/ledger');
  assert.equal(movements.length, 1, 'one refund, however many sends');
  assert.equal(movements[0].id, first.pspReference);
  assert.equal(movements[0].operation_id, 'op_adyen_node_1');
  const requests = await admin('GET', '/_sim/requests');
  const sent = requests.requests.filter((r) => r.path.endsWith('/refunds'));
  assert.equal(sent.length, 2);
  assert.ok(sent.every((r) => r.path === `/v72/payments/${payment}/refunds`));
});

test('a key still in use answers 422 / 704 with transient-error; the library never retries', async () => {
  await admin('POST', '/_sim/faults', {
    route: `POST /v72/payments/${payment}/refunds`, mode: 'latency', delay_ms: 700, count: 1,
  });
  const api = modifications();
  const slow = api.refundCapturedPayment(payment, refundRequest(500, 'op_adyen_busy'),
    { idempotencyKey: 'node-adyen-busy' });
  await waitForRequests(1);
  await assert.rejects(
    api.refundCapturedPayment(payment, refundRequest(500, 'op_adyen_busy'),
      { idempotencyKey: 'node-adyen-busy' }),
    (err) => {
      assert.equal(err.name, 'HttpClientException');
      assert.equal(err.statusCode, 422);
      assert.equal(err.errorCode, '704');
      assert.equal(err.responseHeaders['transient-error'], 'true');
      return true;
    });
  const first = await slow;
  assert.equal(first.status, 'received');
  const later = await api.refundCapturedPayment(payment, refundRequest(500, 'op_adyen_busy'),
    { idempotencyKey: 'node-adyen-busy' });
  assert.equal(later.pspReference, first.pspReference);
  // Three calls, three requests: the 422 was not retried behind the caller's back.
  const { requests } = await admin('GET', '/_sim/requests');
  assert.equal(requests.filter((r) => r.path.endsWith('/refunds')).length, 3);
});

test('refusals come back as HttpClientException with Adyen error codes', async () => {
  const refused = (status, code) => (err) => {
    assert.equal(err.statusCode, status);
    assert.equal(err.errorCode, code);
    return true;
  };
  await assert.rejects(modifications('not_a_key').refundCapturedPayment(payment,
    refundRequest(100, 'op_x')), refused(401, '000'));
  await assert.rejects(modifications().refundCapturedPayment('0000000000000000',
    refundRequest(100, 'op_x')), refused(422, '167'));
  await assert.rejects(modifications().refundCapturedPayment(payment,
    { merchantAccount, amount: { value: 100, currency: 'USD' }, reference: 'op_x' }),
    refused(422, '137'));
  await assert.rejects(modifications().refundCapturedPayment(payment, refundRequest(100, 'op_x'),
    { idempotencyKey: 'k'.repeat(65) }), refused(422, '702'));
  const { refunds } = await admin('GET', '/_sim/adyen/refunds');
  assert.equal(refunds.length, 0, 'no refund was received');
});

test('hmacValidator accepts what the simulator signs, and refuses a flipped byte or another key', async () => {
  const api = modifications();
  const refund = await api.refundCapturedPayment(payment, refundRequest(900, 'op_adyen_hmac'),
    { idempotencyKey: 'node-adyen-hmac' });
  await waitFor(1);
  const item = received[0];
  assert.equal(item.eventCode, 'REFUND');
  assert.equal(item.success, 'true');
  assert.equal(item.pspReference, refund.pspReference);
  assert.equal(item.originalReference, payment);
  assert.equal(item.merchantReference, 'op_adyen_hmac');
  assert.deepEqual(item.amount, { value: 900, currency: 'EUR' });

  const validator = new hmacValidator();
  assert.equal(validator.validateHMAC(item, hmacKey), true);
  const flipped = structuredClone(item);
  flipped.merchantReference = 'op_adyen_hmaD';
  assert.equal(validator.validateHMAC(flipped, hmacKey), false);
  assert.equal(validator.validateHMAC(item, hmacKey.replace(/^44/, '45')), false);
});

test('settle by hand: a failure, then REFUND_FAILED after a success, each signed', async () => {
  await admin('POST', '/_sim/adyen/config', { auto_settle_ms: -1 });
  const api = modifications();
  const declined = await api.refundCapturedPayment(payment, refundRequest(300, 'op_adyen_no'));
  const kept = await api.refundCapturedPayment(payment, refundRequest(400, 'op_adyen_yes'));
  await new Promise((r) => setTimeout(r, 150));
  assert.equal(received.length, 0, 'nothing settles by itself with auto_settle_ms -1');

  await admin('POST', `/_sim/adyen/refunds/${declined.pspReference}/settle`,
    { success: false, reason: 'Refund declined by the issuer' });
  await admin('POST', `/_sim/adyen/refunds/${kept.pspReference}/settle`, { success: true });
  await admin('POST', `/_sim/adyen/refunds/${kept.pspReference}/fail-later`,
    { event: 'REFUND_FAILED', reason: 'Card closed' });
  await waitFor(3);
  const validator = new hmacValidator();
  assert.ok(received.every((item) => validator.validateHMAC(item, hmacKey)));
  const byEvent = Object.fromEntries(received.map((i) => [`${i.eventCode}:${i.merchantReference}`, i]));
  assert.equal(byEvent['REFUND:op_adyen_no'].success, 'false');
  assert.equal(byEvent['REFUND:op_adyen_no'].reason, 'Refund declined by the issuer');
  assert.equal(byEvent['REFUND:op_adyen_yes'].success, 'true');
  assert.equal(byEvent['REFUND_FAILED:op_adyen_yes'].reason, 'Card closed');
  const { movements } = await admin('GET', '/_sim/ledger');
  assert.deepEqual(movements.map((m) => [m.kind, m.amount]), [['refund', 400], ['reversal', -400]]);
});

test('a bad_signature fault is refused by hmacValidator', async () => {
  await admin('POST', '/_sim/faults', { route: 'WEBHOOK', mode: 'bad_signature', count: 1 });
  await modifications().refundCapturedPayment(payment, refundRequest(200, 'op_adyen_forged'));
  await waitFor(1);
  assert.equal(new hmacValidator().validateHMAC(received[0], hmacKey), false);
});
