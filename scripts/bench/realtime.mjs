// `npm run bench realtime`: how many STOMP sessions one server process holds, what each costs in
// memory, and how long a broadcast takes to reach all of them (issue 19: 10,000 sessions,
// broadcast p99 < 1 s). The real server (`apps/server/src/main.ts`, embedded database), real
// sockets from this process (`ws`), one operator's token for every session. The sessions come
// from many client addresses (X-Forwarded-For, the server trusting its proxy), at most
// SESSIONS_PER_ADDRESS each: the server caps open sockets per address (issue 31).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { freePort, ROOT } from '../lib/process.mjs';

const SESSIONS = Number(process.env.BENCH_REALTIME_SESSIONS ?? 10_000);
const PASSWORD = 'Bench-realtime-pass-1';
/** Sockets opened at once while connecting (the server's accept queue and our own CPU). */
const OPENING_AT_ONCE = 200;
/** Sessions per client address: under the server's REALTIME_SOCKETS_PER_ADDRESS (50 by default). */
const SESSIONS_PER_ADDRESS = 40;
let opened = 0;
/** The next session's client address: 10.x.y.z, a new one every SESSIONS_PER_ADDRESS sessions. */
function nextAddress() {
  const n = Math.floor(opened / SESSIONS_PER_ADDRESS) + 1;
  opened += 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
/** The server tells the online count at most once a second (realtime-plugin.ts). */
const ONLINE_COALESCE_MS = 1_000;

const frame = (command, headers, body = '') =>
  `${command}\n${Object.entries(headers)
    .map(([name, value]) => `${name}:${value}\n`)
    .join('')}\n${body}\0`;

/** The server process's resident memory in bytes (Linux). */
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'linkstore-bench-realtime-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_PASSWORD: PASSWORD,
      SEED_DEMO: 'false',
      CAPTCHA_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      REALTIME_SESSIONS_PER_USER: String(SESSIONS + 10),
      // The sessions' addresses are forwarded ones, as behind a load balancer.
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk.toString()));
  const until = Date.now() + 120_000;
  while (!out.includes('is running')) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`the server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One STOMP session: connected and subscribed to the online count's topic (the server publishes
 * it to everyone on each connect). Resolves once its subscription's receipt is back.
 */
function openSession(url, token, onCount) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      perMessageDeflate: false,
      headers: { 'x-forwarded-for': nextAddress() },
    });
    ws.on('error', reject);
    ws.on('open', () => {
      ws.send(
        frame('CONNECT', { 'accept-version': '1.2', 'heart-beat': '0,0', Authorization: `Bearer ${token}` }),
      );
      // The online count is for operators (issue 31): the token is the administrator's.
      ws.send(frame('SUBSCRIBE', { id: '0', destination: '/topic/onlineUserCount', receipt: 'ready' }));
    });
    ws.on('message', (data) => {
      const text = data.toString();
      if (text.startsWith('RECEIPT') && text.includes('receipt-id:ready')) resolve(ws);
      else if (text.startsWith('MESSAGE')) onCount(Date.now());
      else if (text.startsWith('ERROR'))
        reject(new Error(text.split('\n').find((l) => l.startsWith('message:'))));
    });
  });
}

/** Waits until the process's memory stops moving (start-up garbage collected), up to `ms`. */
async function settled(pid, ms = 40_000) {
  const until = Date.now() + ms;
  let last = rssOf(pid);
  let steady = 0;
  while (Date.now() < until && steady < 3) {
    await new Promise((r) => setTimeout(r, 1_000));
    const now = rssOf(pid);
    steady = Math.abs(now - last) < last * 0.01 ? steady + 1 : 0;
    last = now;
  }
  return last;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;

/** `figures.realtime`: sessions held, memory per session, broadcast latency to all of them. */
export async function benchRealtime() {
  const server = await startServer();
  const sockets = [];
  try {
    const login = await fetch(`${server.origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const token = (await login.json()).data.accessToken;
    const url = `${server.origin.replace('http', 'ws')}/ws`;
    const first = Math.max(1, Math.round(SESSIONS / 10));
    /** While a broadcast is measured: when each session received it. */
    let arrivals = null;
    const onCount = (at) => arrivals?.push(at);
    const openMore = async (count) => {
      for (let opened = 0; opened < count; opened += OPENING_AT_ONCE) {
        const batch = Math.min(OPENING_AT_ONCE, count - opened);
        const made = await Promise.all(Array.from({ length: batch }, () => openSession(url, token, onCount)));
        sockets.push(...made);
      }
    };
    // Memory per session from the growth between a tenth and all of them, each read once the
    // process's memory has settled (the start-up's garbage would count otherwise).
    let connectMs = Date.now();
    await openMore(first);
    connectMs = Date.now() - connectMs;
    const rssBefore = await settled(server.child.pid);
    const more = Date.now();
    await openMore(SESSIONS - first);
    connectMs += Date.now() - more;
    const rssAfter = await settled(server.child.pid);
    // Three broadcasts: one more session connecting makes the server tell all of them the count
    // (after its coalescing second, subtracted below).
    const latencies = [];
    for (let round = 0; round < 3; round += 1) {
      arrivals = [];
      const sentAt = Date.now();
      const extra = await openSession(url, token, () => undefined);
      const until = Date.now() + 30_000;
      while (arrivals.length < sockets.length && Date.now() < until)
        await new Promise((r) => setTimeout(r, 5));
      latencies.push(...arrivals.map((at) => at - sentAt - ONLINE_COALESCE_MS));
      const reached = arrivals.length;
      arrivals = null;
      extra.close();
      if (reached < sockets.length)
        throw new Error(`a broadcast reached ${reached} of ${sockets.length} sessions`);
      await new Promise((r) => setTimeout(r, 2_500));
    }
    latencies.sort((a, b) => a - b);
    return {
      sessions: sockets.length,
      target: 10_000,
      connectAllMs: connectMs,
      serverRssBeforeMb: Math.round(rssBefore / 1_048_576),
      serverRssAfterMb: Math.round(rssAfter / 1_048_576),
      bytesPerSession: Math.round((rssAfter - rssBefore) / (sockets.length - first)),
      broadcast: {
        rounds: 3,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        maxMs: latencies.at(-1) ?? null,
        targetP99Ms: 1_000,
      },
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.stop();
  }
}
