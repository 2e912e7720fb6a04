// Adyen's official Node library on the sending side of our receiver: a notification item signed
// with @adyen/api-library's hmacValidator.calculateHmac is accepted by a running
// `opsctl webhook serve` at /webhooks/adyen (answer `[accepted]`, stored once, a repeat stored
// no more), and a flipped byte or another key is refused with nothing stored. Run by ctest
// (node_adyen_webhook_receiver) with OPSCTL set; scripts/node-deps.sh installs the package.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWebhookServe } from './simharness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
if (!existsSync(join(here, 'node_modules', '@adyen', 'api-library'))) {
  console.log('SKIP: node_modules/@adyen/api-library is missing (run scripts/node-deps.sh)');
  process.exit(0);
}
const { hmacValidator } = (await import('@adyen/api-library')).default;

const hmacKey = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const otherKey = 'AA'.repeat(32);
const merchantAccountCode = 'NorthwindECOM';
let dir;
let child;
let base;

// One REFUND item as Adyen sends it, signed by the official library under `key`.
function refundItem(psp, key) {
  const item = {
    eventCode: 'REFUND', success: 'true', pspReference: psp,
    originalReference: 'DZ4DPSHB4WD2WN82', merchantAccountCode, merchantReference: `op_${psp}`,
    amount: { value: 1200, currency: 'EUR' }, eventDate: '2026-11-29T12:05:00+01:00',
    reason: '', additionalData: {},
  };
  item.additionalData.hmacSignature = new hmacValidator().calculateHmac(item, key);
  return item;
}

async function deliver(items) {
  const body = JSON.stringify({
    live: 'false',
    notificationItems: items.map((item) => ({ NotificationRequestItem: item })),
  });
  const response = await fetch(`${base}/webhooks/adyen`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body,
  });
  return { status: response.status, text: await response.text() };
}

async function stats() {
  return (await fetch(`${base}/healthz`)).json();
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ops-node-adyen-receiver-'));
  ({ child, base } = await startWebhookServe({
    OPS_DB: join(dir, 'ops.sqlite'), OPS_STRIPE_KEY: 'sk_test_demo',
    OPS_STRIPE_WEBHOOK_SECRET: 'whsec_node_adyen', OPS_ADYEN_HMAC_KEY: hmacKey,
    OPS_ADYEN_MERCHANT: merchantAccountCode, XDG_CONFIG_HOME: join(dir, 'config'),
  }));
});

after(() => {
  child?.removeAllListeners('exit');
  child?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

test('an item signed by hmacValidator is accepted and stored once', async () => {
  const item = refundItem('RFNDNODE00000001', hmacKey);
  assert.ok(new hmacValidator().validateHMAC(item, hmacKey));
  const first = await deliver([item]);
  assert.deepEqual(first, { status: 200, text: '[accepted]' });
  const once = await stats();
  assert.equal(once.stored, 1);
  const again = await deliver([item]);
  assert.deepEqual(again, { status: 200, text: '[accepted]' });
  const twice = await stats();
  assert.equal(twice.stored, 1);
  assert.equal(twice.duplicates, 1);
});

test('a flipped byte or another key refuses the whole batch', async () => {
  const before = await stats();
  const good = refundItem('RFNDNODE00000002', hmacKey);
  const flipped = { ...refundItem('RFNDNODE00000003', hmacKey), amount: { value: 1201, currency: 'EUR' } };
  const foreign = refundItem('RFNDNODE00000004', otherKey);
  // The library's own check agrees with ours on both.
  assert.equal(new hmacValidator().validateHMAC(flipped, hmacKey), false);
  assert.equal(new hmacValidator().validateHMAC(foreign, hmacKey), false);
  for (const bad of [flipped, foreign]) {
    const r = await deliver([good, bad]);
    assert.equal(r.status, 401);
    assert.equal(JSON.parse(r.text).error.code, 'adyen_bad_signature');
  }
  const after = await stats();
  assert.equal(after.stored, before.stored);
  assert.equal(after.refused_total, before.refused_total + 2);
});
