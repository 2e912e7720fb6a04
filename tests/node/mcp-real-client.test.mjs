// The official MCP TypeScript SDK (@modelcontextprotocol/sdk) against `opsctl mcp`, over stdio
// and over Streamable HTTP, with provider-sim as Stripe. The SDK checks every structured
// result against the tool's outputSchema itself. Run by ctest (node_mcp_real_client) with
// OPSCTL and PROVIDER_SIM set; scripts/node-deps.sh installs the SDK. Over HTTP each client
// carries an agent's own token from `opsctl agent add` (issue 27).

import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  addAgent, admin, agentAudit, asSupervisor, CHECKING_NOTE, opsctlPath, operations, refundRequests,
  refundsAtSim, revokeAgent, serverEnv, simPath, startHttpServer, startSim, stop, workspace,
} from './mcpharness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
if (!existsSync(join(here, 'node_modules', '@modelcontextprotocol', 'sdk'))) {
  console.log('SKIP: node_modules/@modelcontextprotocol/sdk is missing (run scripts/node-deps.sh)');
  process.exit(0);
}
if (!opsctlPath || !simPath) {
  console.error('OPSCTL and PROVIDER_SIM must name the executables');
  process.exit(1);
}

const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
const { StreamableHTTPClientTransport } =
  await import('@modelcontextprotocol/sdk/client/streamableHttp.js');

let sim;
let space;

before(async () => {
  sim = await startSim();
});
after(async () => {
  await stop(sim.child);
});
beforeEach(async () => {
  await admin(sim, 'POST', '/_sim/reset');
  space = workspace();
});
afterEach(() => space.cleanup());

async function stdioClient(extraEnv = {}) {
  const client = new Client({ name: 'node-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: opsctlPath,
    args: ['mcp'],
    env: serverEnv(sim, space.db, extraEnv),
    stderr: 'inherit',
  });
  await client.connect(transport);
  return client;
}

async function httpClient(url, token, name = 'node-http-test') {
  const client = new Client({ name, version: '1.0.0' });
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

// The SDK's error for an HTTP 401 (StreamableHTTPError carries the status as its code).
const unauthorized = (error) => error.code === 401 && /valid agent token/.test(error.message);

const refund = (client, amount = 700, extra = {}, options = {}) =>
  client.callTool(
    { name: 'refund', arguments: { order: '4417', charge: 'ch_4417', amount, ...extra } },
    undefined, options);

test('stdio: tools are listed with schemas and annotations; a refund is made once', async () => {
  const client = await stdioClient();
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['check_reply', 'credit_adjust',
      'credit_charge', 'credit_topup', 'execute_flow', 'operation_status', 'refund']);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.additionalProperties, false, tool.name);
      assert.equal(tool.inputSchema.$schema, 'https://json-schema.org/draft/2020-12/schema');
      assert.equal(tool.outputSchema.type, 'object', tool.name);
      const readOnly = tool.name === 'operation_status' || tool.name === 'check_reply';
      assert.equal(tool.annotations.readOnlyHint, readOnly, tool.name);
      if (!readOnly) {
        assert.equal(tool.annotations.destructiveHint, true);
        assert.equal(tool.annotations.idempotentHint, true);
        assert.equal(tool.annotations.openWorldHint, true);
      }
    }
    const refundTool = tools.find((t) => t.name === 'refund');
    assert.deepEqual(Object.keys(refundTool.inputSchema.properties).sort(),
      ['adyen_payment', 'amount', 'charge', 'currency', 'order', 'payment_intent', 'reason',
        'reason_code', 'reference', 'ticket']);
    assert.equal(refundTool.outputSchema.properties.repeat.type, 'boolean');
    assert.match(refundTool.description, /repeat:true/);
    assert.match(refundTool.description, /colleague is checking/);

    const progress = [];
    const result = await refund(client, 700,
      { reason_code: 'product_not_received', ticket: 'zd-48213' },
      { onprogress: (p) => progress.push(p) });
    assert.equal(result.isError, false);
    assert.equal(result.structuredContent.status, 'refunded');
    assert.match(result.structuredContent.operation_id, /^op_/);
    assert.match(result.structuredContent.refund_id, /^re_/);
    assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
    assert.ok(progress.length >= 1, 'progress notifications for a call with a progressToken');
    assert.equal((await refundsAtSim(sim)).length, 1);

    const status = await client.callTool({ name: 'operation_status',
      arguments: { operation_id: result.structuredContent.operation_id } });
    assert.deepEqual(status.structuredContent, result.structuredContent);
    const ops = operations(space.db);
    assert.equal(ops.length, 1);
    assert.match(JSON.stringify(ops[0]), /agent:mcp:node-test:/);
    assert.equal(ops[0].reason_code, 'product_not_received'); // kept for counting, not sent
    assert.equal(ops[0].ticket, 'zd-48213'); // where its messages go
    const [sent] = await refundRequests(sim);
    assert.doesNotMatch(sent.body, /reason=/);
  } finally {
    await client.close();
  }
});

test('stdio: a rejected call is isError and stores nothing', async () => {
  const client = await stdioClient();
  try {
    const result = await client.callTool({ name: 'refund',
      arguments: { order: '9', charge: 'ch_missing', amount: 100 } });
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent.status, 'rejected');
    assert.equal(operations(space.db).length, 0);
    await assert.rejects(client.callTool({ name: 'refund',
      arguments: { order: '9', charge: 'ch_4417', amount: 0 } }), /-32602|amount/);
    assert.equal(operations(space.db).length, 0);
  } finally {
    await client.close();
  }
});

test('stdio: a stored 500 answers checking with the fixed note, and again without a request; '
  + 'check_reply then refuses "refunded" and allows "checking"', async () => {
    await admin(sim, 'POST', '/_sim/faults', { route: 'POST /v1/refunds', mode: 'stored_500' });
    const client = await stdioClient();
    try {
      const first = await refund(client);
      assert.equal(first.structuredContent.status, 'checking');
      assert.equal(first.structuredContent.note, CHECKING_NOTE);
      assert.equal(first.isError, false);
      const sent = (await refundRequests(sim)).length;
      const second = await refund(client);
      assert.equal(second.structuredContent.status, 'checking');
      assert.equal(second.structuredContent.operation_id, first.structuredContent.operation_id);
      assert.equal((await refundRequests(sim)).length, sent, 'no new request at the provider');
      // The seed's failure, caught before the agent writes to the customer. The SDK checks each
      // answer against check_reply's outputSchema.
      const id = first.structuredContent.operation_id;
      const claim = await client.callTool({ name: 'check_reply',
        arguments: { operation_id: id, draft: 'Done! Your refund went through.' } });
      assert.equal(claim.isError, false);
      assert.equal(claim.structuredContent.status, 'refused');
      assert.equal(claim.structuredContent.state, 'unknown');
      assert.equal(claim.structuredContent.claim.kind, 'success');
      assert.ok(claim.structuredContent.may_say.some((m) => m.template === 'checking'));
      const honest = await client.callTool({ name: 'check_reply',
        arguments: { operation_id: id, draft: claim.structuredContent.may_say[0].text } });
      assert.equal(honest.structuredContent.status, 'allowed');
      const none = await client.callTool({ name: 'check_reply',
        arguments: { operation_id: 'op_missing', draft: 'hello' } });
      assert.equal(none.isError, true);
      assert.equal(none.structuredContent.error.code, 'unknown_operation');
      assert.equal(operations(space.db).length, 1, 'check_reply stores nothing');
    } finally {
      await client.close();
    }
  });

test('stdio: commit-then-hang, then the next call is refunded with one refund', async () => {
  await admin(sim, 'POST', '/_sim/faults',
    { route: 'POST /v1/refunds', mode: 'commit_then_hang', count: 1 });
  const client = await stdioClient({ OPS_ATTEMPTS_PER_CALL: '1' });
  try {
    const first = await refund(client);
    assert.equal(first.structuredContent.status, 'unconfirmed');
    const next = await refund(client);
    assert.equal(next.structuredContent.status, 'refunded');
    assert.equal(next.structuredContent.operation_id, first.structuredContent.operation_id);
    assert.equal((await refundsAtSim(sim)).length, 1);
  } finally {
    await client.close();
  }
});

test('stdio: a repeat of a confirmed refund is repeat:true with no request; another reference '
  + 'is a second refund', async () => {
  const client = await stdioClient();
  try {
    const first = await refund(client);
    assert.equal(first.structuredContent.status, 'refunded');
    assert.equal(first.structuredContent.repeat, undefined);
    const sent = (await refundRequests(sim)).length;
    const again = await refund(client);
    assert.equal(again.isError, false);
    assert.deepEqual(again.structuredContent, { ...first.structuredContent, repeat: true });
    assert.equal((await refundRequests(sim)).length, sent, 'no request for the repeat');
    const meant = await refund(client, 700, { reference: 'ticket-8812' });
    assert.equal(meant.structuredContent.status, 'refunded');
    assert.notEqual(meant.structuredContent.operation_id, first.structuredContent.operation_id);
    assert.notEqual(meant.structuredContent.refund_id, first.structuredContent.refund_id);
    assert.equal((await refundsAtSim(sim)).length, 2);
    assert.equal(operations(space.db).length, 2);
  } finally {
    await client.close();
  }
});

test('stdio: a refund by payment_intent with a reason refunds its latest charge', async () => {
  const client = await stdioClient();
  try {
    const args = { order: '1001', payment_intent: 'pi_1001', amount: 1200, reason: 'duplicate' };
    const result = await client.callTool({ name: 'refund', arguments: args });
    assert.equal(result.structuredContent.status, 'refunded');
    const [movement] = await refundsAtSim(sim);
    assert.equal(movement.charge, 'ch_1001');
    const [post] = await refundRequests(sim);
    assert.match(post.body, /^charge=ch_1001&amount=1200&reason=duplicate&/);
    const again = await client.callTool({ name: 'refund', arguments: args });
    assert.equal(again.structuredContent.repeat, true);
    // Another amount: the same (order, amount) would be answered as a repeat before any read.
    const unknown = await client.callTool({ name: 'refund',
      arguments: { ...args, payment_intent: 'pi_nobody', amount: 100 } });
    assert.equal(unknown.isError, true);
    assert.equal(unknown.structuredContent.error.code, 'resource_missing');
    await assert.rejects(client.callTool({ name: 'refund',
      arguments: { ...args, charge: 'ch_1001' } }), /-32602|exactly one/);
    assert.equal(operations(space.db).length, 1);
  } finally {
    await client.close();
  }
});

test('stdio: a refund of an Adyen payment is accepted, and its repeat sends nothing', async () => {
  await admin(sim, 'POST', '/_sim/adyen/config', { auto_settle_ms: -1 });
  const client = await stdioClient({ OPS_ADYEN_URL: sim.url, OPS_ADYEN_KEY: 'adyen_test_demo',
    OPS_ADYEN_MERCHANT: 'NorthwindECOM' });
  try {
    const args = { order: '4417', adyen_payment: 'DZ4DPSHB4WD2WN82', amount: 1200,
      currency: 'eur' };
    // The SDK checks structuredContent against the tool's outputSchema: accepted is in it.
    const first = await client.callTool({ name: 'refund', arguments: args });
    assert.equal(first.structuredContent.status, 'accepted');
    assert.equal(first.structuredContent.note, 'The provider received this refund and will ' +
      'confirm it. Tell the customer it is being processed, not that it is done.');
    const { refunds } = await admin(sim, 'GET', '/_sim/adyen/refunds');
    assert.equal(refunds.length, 1);
    assert.equal(first.structuredContent.provider_reference, refunds[0].pspReference);
    const again = await client.callTool({ name: 'refund', arguments: args });
    assert.deepEqual(again.structuredContent, first.structuredContent);
    const status = await client.callTool({ name: 'operation_status',
      arguments: { operation_id: first.structuredContent.operation_id } });
    assert.deepEqual(status.structuredContent, first.structuredContent);
    // The repeat and the status read the row: one request reached Adyen, not a replayed second.
    const { requests } = await admin(sim, 'GET', '/_sim/requests');
    assert.equal(requests.filter((r) => r.path.startsWith('/v71/payments/')).length, 1);
    const { currency, ...noCurrency } = args;
    await assert.rejects(client.callTool({ name: 'refund', arguments: noCurrency }),
      /currency is required/);
    assert.equal(operations(space.db).length, 1);
  } finally {
    await client.close();
  }
});

test('stdio: sixteen concurrent calls for one unit make one operation and one refund',
  async () => {
    // The first attempt takes 300 ms at the provider, so all sixteen overlap it; a call that
    // arrives after the refund succeeded is its repeat (rule 13), the same operation.
    await admin(sim, 'POST', '/_sim/faults',
      { route: 'POST /v1/refunds', mode: 'latency', delay_ms: 300, count: 1 });
    const client = await stdioClient();
    try {
      const results = await Promise.all(Array.from({ length: 16 }, () => refund(client)));
      const ids = new Set(results.map((r) => r.structuredContent.operation_id));
      assert.equal(ids.size, 1, JSON.stringify(results.map((r) => r.structuredContent)));
      for (const r of results) {
        assert.ok(['refunded', 'unconfirmed', 'checking'].includes(r.structuredContent.status));
      }
      assert.equal((await refundsAtSim(sim)).length, 1);
      assert.equal(operations(space.db).length, 1);
    } finally {
      await client.close();
    }
  });

test('stdio: a client timeout cancels the wait; the next call resumes with the same key',
  async () => {
    // The provider takes the refund and never answers; the server's attempt times out after
    // the client has already given up and cancelled.
    await admin(sim, 'POST', '/_sim/faults',
      { route: 'POST /v1/refunds', mode: 'commit_then_hang', count: 1 });
    const client = await stdioClient({ OPS_ATTEMPT_TIMEOUT_MS: '1000', OPS_ATTEMPTS_PER_CALL: '1' });
    try {
      await assert.rejects(refund(client, 700, {}, { timeout: 300 }), /timed out|-32001/i);
      const rows = operations(space.db);
      assert.equal(rows.length, 1, 'the row is written before the first send');
      await new Promise((r) => setTimeout(r, 1300)); // the cancelled call's attempt times out
      const next = await refund(client, 700, {}, { timeout: 20000 });
      assert.equal(next.structuredContent.status, 'refunded');
      const sent = await refundRequests(sim);
      assert.equal(sent.length, 2);
      assert.equal(sent[0].idempotency_key, sent[1].idempotency_key, 'resent with the same key');
      assert.equal(sent[1].replayed, true);
      assert.equal((await refundsAtSim(sim)).length, 1);
      const after = operations(space.db);
      assert.equal(after.length, 1);
      assert.equal(JSON.stringify(after[0]).includes(next.structuredContent.operation_id), true);
    } finally {
      await client.close();
    }
  });

// Raw stdio, no SDK: what a host sees when it closes our input or stops us mid-call.
function rawServer(extraEnv = {}) {
  const child = spawn(opsctlPath, ['mcp'], {
    env: serverEnv(sim, space.db, extraEnv),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = [];
  createInterface({ input: child.stdout }).on('line', (l) => lines.push(JSON.parse(l)));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const send = (m) => child.stdin.write(JSON.stringify(m) + '\n');
  send({ jsonrpc: '2.0', id: 0, method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {},
      clientInfo: { name: 'raw', version: '1' } } });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { child, lines, exited, send };
}

for (const how of ['end of input', 'SIGTERM']) {
  test(`stdio: ${how} with calls in flight finishes them, then exits 0`, async () => {
    await admin(sim, 'POST', '/_sim/faults',
      { route: 'POST /v1/refunds', mode: 'latency', delay_ms: 400 });
    const server = rawServer({ OPS_ATTEMPT_TIMEOUT_MS: '3000' });
    // The answer to initialize says the server is up (its SIGTERM handler installed); a signal
    // before that is the default one, and on a loaded machine 150 ms is not always enough.
    while (!server.lines.some((l) => l.id === 0)) await new Promise((r) => setTimeout(r, 20));
    server.send({ jsonrpc: '2.0', id: 1, method: 'tools/call',
      params: { name: 'refund', arguments: { order: '1', charge: 'ch_1001', amount: 100 } } });
    server.send({ jsonrpc: '2.0', id: 2, method: 'tools/call',
      params: { name: 'refund', arguments: { order: '2', charge: 'ch_1002', amount: 200 } } });
    await new Promise((r) => setTimeout(r, 150));
    if (how === 'SIGTERM') server.child.kill('SIGTERM');
    else server.child.stdin.end();
    assert.equal(await server.exited, 0);
    const answers = server.lines.filter((l) => l.id === 1 || l.id === 2);
    assert.equal(answers.length, 2, JSON.stringify(server.lines));
    for (const a of answers) assert.equal(a.result.structuredContent.status, 'refunded');
    assert.equal((await refundsAtSim(sim)).length, 2);
  });
}

test('http: the SDK over Streamable HTTP with an agent\'s token; refused without it', async () => {
  const token = addAgent(space.db, 'legacy');
  const server = await startHttpServer(serverEnv(sim, space.db));
  try {
    const client = await httpClient(server.url, token);
    const { tools } = await client.listTools();
    assert.equal(tools.length, 7);
    const progress = [];
    const result = await refund(client, 700, { reason_code: 'product_not_received' },
      { onprogress: (p) => progress.push(p) });
    assert.equal(result.structuredContent.status, 'refunded');
    assert.ok(progress.length >= 1, 'progress over the event stream');
    assert.equal((await refundsAtSim(sim)).length, 1);
    await client.close();

    await assert.rejects(httpClient(server.url, null), unauthorized);
    await assert.rejects(httpClient(server.url, 'wrong-token'), unauthorized);
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${token}`]) {
      const response = await fetch(server.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
          ...(authorization ? { Authorization: authorization } : {}) },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
      assert.equal(response.status, 401);
      assert.equal(response.headers.get('www-authenticate'), 'Bearer');
    }
    const ops = operations(space.db);
    assert.equal(ops.length, 1);
    assert.match(JSON.stringify(ops[0]), /agent:legacy:node-http-test:/);
    assert.ok(!server.stderr().includes(token), 'the token is not in the server\'s stderr');
  } finally {
    assert.equal(await stop(server.child), 0);
  }
});

test('http: two agents\' tokens refund, each audited under its own name; a revoked agent\'s '
  + 'token is refused and stores nothing', async () => {
  const tokens = { alpha: addAgent(space.db, 'alpha'), beta: addAgent(space.db, 'beta'),
    gamma: addAgent(space.db, 'gamma') };
  revokeAgent(space.db, 'gamma');
  const server = await startHttpServer(serverEnv(sim, space.db));
  try {
    const alpha = await httpClient(server.url, tokens.alpha, 'host-a');
    const beta = await httpClient(server.url, tokens.beta, 'host-b');
    let ra;
    let rb;
    try {
      [ra, rb] = await Promise.all([
        alpha.callTool({ name: 'refund',
          arguments: { order: '4417', charge: 'ch_4417', amount: 700 } }),
        beta.callTool({ name: 'refund',
          arguments: { order: '1001', charge: 'ch_1001', amount: 300 } }),
      ]);
    } finally {
      await alpha.close();
      await beta.close();
    }
    assert.equal(ra.structuredContent.status, 'refunded');
    assert.equal(rb.structuredContent.status, 'refunded');
    assert.deepEqual((await refundsAtSim(sim)).map((m) => m.charge).sort(),
      ['ch_1001', 'ch_4417']);
    // Every agent entry of each operation names the agent whose token made the call.
    const audit = agentAudit(space.db, space.dir);
    const actorsOf = (id) =>
      [...new Set(audit.filter((e) => e.operation === id).map((e) => e.actor))];
    const [alphaActor] = actorsOf(ra.structuredContent.operation_id);
    const [betaActor] = actorsOf(rb.structuredContent.operation_id);
    assert.match(alphaActor, /^agent:alpha:host-a:\d+$/);
    assert.match(betaActor, /^agent:beta:host-b:\d+$/);
    assert.deepEqual(actorsOf(ra.structuredContent.operation_id), [alphaActor]);
    assert.deepEqual(actorsOf(rb.structuredContent.operation_id), [betaActor]);
    assert.deepEqual([...new Set(audit.map((e) => e.actor))].sort(), [alphaActor, betaActor]);

    const sent = (await refundRequests(sim)).length;
    await assert.rejects(httpClient(server.url, tokens.gamma, 'host-c'), unauthorized);
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
        Authorization: `Bearer ${tokens.gamma}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call',
        params: { name: 'refund', arguments: { order: '1002', charge: 'ch_1002', amount: 200 } } }),
    });
    assert.equal(response.status, 401);
    assert.equal(response.headers.get('www-authenticate'), 'Bearer');
    assert.equal(operations(space.db).length, 2);
    assert.equal((await refundRequests(sim)).length, sent, 'no request at the provider');
    assert.equal(agentAudit(space.db, space.dir).length, audit.length, 'no audit entry');
    for (const token of Object.values(tokens)) assert.ok(!server.stderr().includes(token));
  } finally {
    assert.equal(await stop(server.child), 0);
  }
});

test('http: over its limit an agent gets needs_approval and nothing is sent; a supervisor\'s '
  + 'approval sends it with the stored key, a rejection fails it; over the rate: rate_limited',
async () => {
  const token = addAgent(space.db, 'capped', ['--max-refund', '1000', 'usd', '--rate', '2']);
  const env = serverEnv(sim, space.db);
  const server = await startHttpServer(env);
  try {
    const client = await httpClient(server.url, token, 'host-cap');
    try {
      // The SDK checks each structuredContent against the tool's outputSchema.
      const call = (name, args) => client.callTool({ name, arguments: args });
      const held = (await call('refund', { order: '9001', charge: 'ch_1002', amount: 1500 }))
        .structuredContent;
      assert.deepEqual(held, { status: 'needs_approval', operation_id: held.operation_id,
        note: 'A person must approve this refund. Tell the customer it is being reviewed; do '
          + 'not say it is done.' });
      const status = async (id) =>
        (await call('operation_status', { operation_id: id })).structuredContent.status;
      assert.equal(await status(held.operation_id), 'needs_approval');
      const second = (await call('refund', { order: '9002', charge: 'ch_1002', amount: 1200 }))
        .structuredContent;
      assert.equal(second.status, 'needs_approval');
      // Two openings in this second already: the third call is refused and stores nothing.
      const limited = (await call('refund', { order: '9003', charge: 'ch_1002', amount: 100 }))
        .structuredContent;
      assert.equal(limited.status, 'rejected');
      assert.equal(limited.error.code, 'rate_limited');
      assert.ok(limited.error.retry_after_ms >= 1 && limited.error.retry_after_ms <= 1000);
      assert.equal(operations(space.db).length, 2);
      assert.equal((await refundRequests(sim)).length, 0, 'nothing reached the provider');

      const queue = JSON.parse(asSupervisor(space.db, ['approval', 'list']));
      assert.deepEqual(queue.agent_requests.map((r) => [r.agent, r.hold, r.amount]).sort(),
        [['capped', 'max_refund', 1200], ['capped', 'max_refund', 1500]]);
      const approved = JSON.parse(asSupervisor(space.db,
        ['approval', 'approve', held.operation_id], env));
      assert.equal(approved.status, 'refunded');
      const rejected = JSON.parse(asSupervisor(space.db,
        ['approval', 'reject', second.operation_id, '--reason', 'order was cancelled'], env));
      assert.equal(rejected.state, 'failed');
      assert.match(rejected.close_reason, /^rejected by .+: order was cancelled$/);
      assert.equal(await status(held.operation_id), 'refunded');
      assert.equal(await status(second.operation_id), 'failed');
      const sent = await refundRequests(sim);
      assert.equal(sent.length, 1);
      const row = operations(space.db).find((o) => o.operation_id === held.operation_id);
      assert.equal(sent[0].idempotency_key, row.idempotency_key);
    } finally {
      await client.close();
    }
  } finally {
    assert.equal(await stop(server.child), 0);
  }
});
