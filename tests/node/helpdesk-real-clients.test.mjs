// The Node clients of three helpdesks against provider-sim's helpdesk side
// (app/tools/providersim/README.md, *Helpdesks*): node-zendesk (community-maintained),
// intercom-client (Intercom's official SDK) and freshdesk-api (community-maintained) post a reply
// and a note, read them back, call their "who am I" route and meet the simulator's 401/404/429 in
// the shape they understand; Gorgias has no official client, so plain fetch speaks for it. Each
// client is pointed at the simulator by its own base-URL option (read from its source):
// node-zendesk `endpointUri`, intercom-client `baseUrl`, freshdesk-api's first constructor
// argument; all three reach plain http on loopback. Run by ctest (node_helpdesk_real_clients) with
// PROVIDER_SIM set; scripts/node-deps.sh installs the packages.

import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simAdmin, startSim } from './simharness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
for (const name of ['node-zendesk', 'intercom-client', 'freshdesk-api']) {
  if (!existsSync(join(here, 'node_modules', name))) {
    console.log(`SKIP: node_modules/${name} is missing (run scripts/node-deps.sh)`);
    process.exit(0);
  }
}
assert.ok(process.env.PROVIDER_SIM, 'PROVIDER_SIM must name the provider-sim executable');
const zendesk = (await import('node-zendesk')).default;
const { IntercomClient } = await import('intercom-client');
const Freshdesk = (await import('freshdesk-api')).default;

let sim;
let port;
let base;

const admin = (method, path, body) => simAdmin(port, method, path, body);
const ledger = () => admin('GET', '/_sim/helpdesk');
const postsOf = (book, vendor, id) =>
  book.tickets.find((t) => t.vendor === vendor && t.id === id)?.posts ?? [];

const zendeskClient = (token = 'zd_test_token', at = base) =>
  zendesk.createClient({
    username: 'agent@example.com',
    token,
    endpointUri: `${at}/api/v2`,
    throwOriginalException: true,
  });
const intercomClient = (token = 'ic_test_token', at = base) =>
  new IntercomClient({ token, baseUrl: at, maxRetries: 0, timeoutInSeconds: 5 });
const freshdeskClient = (key = 'fd_test_key', at = base) => new Freshdesk(at, key);
// freshdesk-api answers through callbacks (error, data, extra); this makes it a promise.
const call = (client, method, ...args) =>
  new Promise((resolve, reject) =>
    client[method](...args, (error, data, extra) => (error ? reject(error) : resolve({ data, extra }))),
  );
const freshdesk = (method, ...args) => call(freshdeskClient(), method, ...args);
const gorgias = (path, init = {}, at = base) =>
  fetch(`${at}${path}`, {
    ...init,
    headers: {
      Authorization: `Basic ${Buffer.from('agent@example.com:gg_test_key').toString('base64')}`,
      'Content-Type': 'application/json',
    },
  });

before(async () => {
  ({ child: sim, port } = await startSim());
  base = `http://127.0.0.1:${port}`;
});

after(() => {
  sim?.kill();
});

beforeEach(async () => {
  await admin('POST', '/_sim/reset');
});

test('node-zendesk: a public and a private comment, read back, users/me', async () => {
  const client = zendeskClient();
  const ticket = await client.tickets.update(1001, {
    ticket: { comment: { html_body: '<p>Your refund is on its way.</p>', public: true } },
  });
  assert.equal(ticket.result.id, 1001);
  assert.equal(ticket.result.status, 'open');
  await client.tickets.update(1001, {
    ticket: { comment: { body: 'Checked by Ana.', public: false } },
  });
  const comments = await client.tickets.getComments(1001);
  assert.deepEqual(
    comments.map((c) => [c.html_body, c.public]),
    [['<p>Your refund is on its way.</p>', true], ['<p>Checked by Ana.</p>', false]],
  );
  assert.equal(comments[0].plain_body, 'Your refund is on its way.');
  const me = await client.users.auth();
  assert.equal(me.result.email, 'agent@example.com');

  await assert.rejects(zendeskClient('wrong').users.auth(), (err) => err.statusCode === 401);
  await assert.rejects(client.tickets.getComments(4242), (err) => err.statusCode === 404);
  await assert.rejects(
    client.tickets.update(1099, { ticket: { comment: { body: 'late' } } }),
    (err) => err.statusCode === 422,
  );
  const book = await ledger();
  assert.deepEqual(book.counts, { replies: 1, notes: 1, rate_limited: 0, duplicates: 0 });
  assert.equal(postsOf(book, 'zendesk', '1001')[1].body, 'Checked by Ana.');
});

test('intercom-client: a comment and a note, the conversation read back, /me', async () => {
  const client = intercomClient();
  const reply = (messageType, body) =>
    client.conversations.reply({
      conversation_id: '1099', // closed: a reply opens it
      body: { message_type: messageType, type: 'admin', admin_id: '7001', body },
    });
  const afterReply = await reply('comment', '<p>Your refund is on its way.</p>');
  assert.equal(afterReply.state, 'open');
  await reply('note', '<p>Checked by Ana.</p>');
  const conversation = await client.conversations.find({ conversation_id: '1099' });
  const parts = conversation.conversation_parts;
  assert.equal(parts.total_count, 2);
  assert.deepEqual(
    parts.conversation_parts.map((p) => [p.part_type, p.body, p.author.id]),
    [['comment', '<p>Your refund is on its way.</p>', '7001'], ['note', '<p>Checked by Ana.</p>', '7001']],
  );
  const me = await client.admins.identify();
  assert.equal(me.id, '7001');

  await assert.rejects(intercomClient('wrong').admins.identify(), (err) => err.statusCode === 401);
  await assert.rejects(client.conversations.find({ conversation_id: '4242' }), (err) => {
    assert.equal(err.statusCode, 404);
    assert.equal(err.body.errors[0].code, 'not_found');
    return true;
  });
  await assert.rejects(reply('comment', ''), (err) => err.statusCode === 400);
  const book = await ledger();
  assert.deepEqual(book.counts, { replies: 1, notes: 1, rate_limited: 0, duplicates: 0 });
  assert.equal(book.tickets[0].status, 'open');
});

test('freshdesk-api: a reply and a private note, conversations read back, agents/me', async () => {
  const reply = await freshdesk('createReply', 1001, { body: '<p>Your refund is on its way.</p>' });
  assert.equal(reply.data.private, false);
  const note = await freshdesk('createNote', 1001, { body: '<p>Checked by Ana.</p>', private: true });
  assert.equal(note.data.private, true);
  const list = await freshdesk('listAllConversations', 1001);
  assert.deepEqual(
    list.data.map((c) => [c.body, c.body_text, c.private]),
    [['<p>Your refund is on its way.</p>', 'Your refund is on its way.', false],
      ['<p>Checked by Ana.</p>', 'Checked by Ana.', true]],
  );
  assert.equal(list.extra.pageIsLast, true);
  const me = await freshdesk('currentAgent');
  assert.equal(me.data.contact.email, 'agent@example.com');

  await assert.rejects(call(freshdeskClient('wrong'), 'currentAgent'), (err) => err.status === 401);
  await assert.rejects(freshdesk('createReply', 4242, { body: 'x' }), (err) => err.status === 404);
  await assert.rejects(freshdesk('createReply', 1001, { body: '' }), (err) => {
    assert.equal(err.status, 400);
    assert.equal(err.data.errors[0].code, 'missing_field');
    return true;
  });
  const book = await ledger();
  assert.deepEqual(book.counts, { replies: 1, notes: 1, rate_limited: 0, duplicates: 0 });
});

test('gorgias (fetch): a message with external_id, an internal note, read back, account', async () => {
  const post = (body) =>
    gorgias('/api/tickets/1001/messages', { method: 'POST', body: JSON.stringify(body) });
  const message = (channel, html, externalId) => ({
    channel, via: 'api', from_agent: true, sender: { email: 'agent@example.com' },
    body_html: html, external_id: externalId,
  });
  const first = await post(message('email', '<p>Your refund is on its way.</p>', 'ops-1'));
  assert.equal(first.status, 201);
  assert.equal((await first.json()).external_id, 'ops-1');
  assert.equal((await post(message('internal-note', '<p>Checked by Ana.</p>'))).status, 201);
  assert.equal((await post(message('email', '<p>Again</p>', 'ops-1'))).status, 201);
  const read = await (await gorgias('/api/tickets/1001/messages')).json();
  assert.deepEqual(
    read.data.map((m) => [m.external_id, m.public]),
    [['ops-1', true], [null, false], ['ops-1', true]],
  );
  assert.equal(read.meta.next_cursor, null);
  assert.equal((await (await gorgias('/api/account')).json()).status.status, 'active');
  const book = await ledger();
  assert.deepEqual(book.counts, { replies: 2, notes: 1, rate_limited: 0, duplicates: 1 });
});

test('paging the clients follow, and a rate limit they see as 429', async () => {
  // A simulator of its own: the seed stays for every reset after it.
  const own = await startSim();
  const at = `http://127.0.0.1:${own.port}`;
  try {
    await simAdmin(own.port, 'POST', '/_sim/seed', {
      helpdesk: { page_size: 2, rates: { intercom: { requests: 2, seconds: 60 } } },
    });
    const zd = zendeskClient('zd_test_token', at);
    for (const text of ['one', 'two', 'three'])
      await zd.tickets.update(1002, { ticket: { comment: { body: text } } });
    // node-zendesk follows next_page until it is null.
    assert.deepEqual((await zd.tickets.getComments(1002)).map((c) => c.body), ['one', 'two', 'three']);
    const fd = freshdeskClient('fd_test_key', at);
    for (const text of ['one', 'two', 'three'])
      await call(fd, 'createReply', 1002, { body: text });
    // freshdesk-api hands the Link header over and leaves the next page to its caller.
    const first = await call(fd, 'listAllConversations', 1002);
    assert.deepEqual(first.data.map((c) => c.body), ['one', 'two']);
    assert.equal(first.extra.pageIsLast, false);
    assert.equal(first.extra._headersLink,
      `<${at}/api/v2/tickets/1002/conversations?page=2&per_page=2>; rel="next"`);
    const gg = await (await gorgias('/api/tickets/1002/messages', {}, at)).json();
    assert.equal(gg.data.length, 0); // Gorgias' ticket 1002 is a ticket of its own

    const ic = intercomClient('ic_test_token', at);
    await ic.admins.identify();
    await ic.admins.identify();
    await assert.rejects(ic.admins.identify(), (err) => {
      assert.equal(err.statusCode, 429);
      assert.equal(err.body.errors[0].code, 'rate_limit_exceeded');
      assert.ok(Number(err.rawResponse.headers.get('retry-after')) >= 1);
      assert.equal(err.rawResponse.headers.get('x-ratelimit-remaining'), '0');
      return true;
    });
    const book = await simAdmin(own.port, 'GET', '/_sim/helpdesk');
    assert.equal(book.counts.rate_limited, 1);
    assert.equal(book.counts.replies, 6);
  } finally {
    own.child.kill();
  }
});
