// The official MCP conformance runner (@modelcontextprotocol/conformance) against
// `opsctl mcp --http`. The runner's client sends no Authorization header, and our server
// refuses every request without an agent's bearer token, so the runner talks to a loopback
// proxy that adds the token of an agent added for the run (`opsctl agent add conformance`) and
// passes everything else (Host and Origin included) through unchanged. Scenarios that need tools, prompts or resources we do not ship are listed in
// mcp-conformance-expected-failures.yaml with the reason for each; the runner fails on any
// other failure and on a listed scenario that passes. Run by ctest (node_mcp_conformance).
//
// 0.1.13 is pinned: later versions need Node 22 (fs.globSync) and Debian 12 ships Node 20.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  addAgent, serverEnv, startHttpServer, startSim, stop, workspace,
} from './mcpharness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const runner = join(here, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist',
  'index.js');
if (!existsSync(runner)) {
  console.log('SKIP: node_modules/@modelcontextprotocol/conformance is missing (run scripts/node-deps.sh)');
  process.exit(0);
}

function tokenProxy(targetPort, token) {
  const server = http.createServer((req, res) => {
    const upstream = http.request({
      host: '127.0.0.1', port: targetPort, path: req.url, method: req.method,
      headers: { ...req.headers, authorization: `Bearer ${token}` },
    }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// Every child is stopped on the way out, also when setting up failed (a provider-sim left
// running would hold ctest's output open until its timeout).
const sim = await startSim();
const space = workspace();
let mcp;
let proxy;
let code = 1;
let mcpExit = null;
try {
  const token = addAgent(space.db, 'conformance');
  mcp = await startHttpServer(serverEnv(sim, space.db));
  proxy = await tokenProxy(mcp.port, token);
  const url = `http://127.0.0.1:${proxy.address().port}/mcp`;
  code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [runner, 'server', '--url', url, '--suite', 'all',
      '--expected-failures', join(here, 'mcp-conformance-expected-failures.yaml')],
    { stdio: 'inherit' });
    child.once('exit', (c) => resolve(c ?? 1));
  });
  if (mcp.stderr().includes(token)) {
    console.error('the agent\'s token is in opsctl mcp\'s stderr');
    code = 1;
  }
} catch (error) {
  console.error(error);
} finally {
  proxy?.close();
  if (mcp) mcpExit = await stop(mcp.child);
  await stop(sim.child);
  space.cleanup();
}
if (mcpExit !== 0) console.error(`opsctl mcp --http exited with ${mcpExit} on SIGTERM`);
console.log(code === 0 && mcpExit === 0 ? '1 passed, 0 failed' : '0 passed, 1 failed');
process.exit(code === 0 && mcpExit === 0 ? 0 : 1);
