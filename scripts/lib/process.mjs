// Small helpers for the project's scripts: plain Node, no dependencies, so they run before
// `npm install` has.
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
export const paint = (code, text) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text);
export const say = (text) => process.stdout.write(`${paint('36', '▸')} ${text}\n`);

const niceness = new AsyncLocalStorage();

/**
 * Runs `fn` so that every process it starts (through `spawnProcess`, `run`), and theirs in turn,
 * runs `increment` steps nicer (`nice -n`): work that fills the cores another lane leaves idle
 * without slowing that lane (`npm test` runs its checks beside the browser journeys).
 */
export const atLowerPriority = (increment, fn) => niceness.run(increment, fn);

/** `spawn`, at the priority `atLowerPriority` set for the caller (`nice` execs the command: same pid). */
export function spawnProcess(command, args, options) {
  const increment = niceness.getStore();
  return increment
    ? spawn('nice', ['-n', String(increment), command, ...args], options)
    : spawn(command, args, options);
}

/** Runs a command with inherited output; resolves with its exit code (never rejects). */
export function run(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawnProcess(command, args, {
      cwd: ROOT,
      stdio: 'inherit',
      ...options,
      env: { ...process.env, ...options.env },
    });
    child.on('error', (error) => {
      process.stderr.write(`${command}: ${error.message}\n`);
      resolvePromise(127);
    });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 128 : 1)));
  });
}

/**
 * Runs a command with its output (stdout and stderr) collected; resolves with the exit code and
 * the output (never rejects).
 */
export function runCollected(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawnProcess(command, args, {
      cwd: ROOT,
      ...options,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...options.env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) =>
      resolvePromise({ code: 127, output: `${output}${command}: ${error.message}\n` }),
    );
    child.on('close', (code, signal) => resolvePromise({ code: code ?? (signal ? 128 : 1), output }));
  });
}

/** Runs a command and returns its trimmed stdout, or undefined when it fails. */
export function capture(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', ...options });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** A TCP port that is free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

/** Whether `port` on 127.0.0.1 can be listened on now. */
function portIsFree(port) {
  return new Promise((resolvePromise) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolvePromise(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolvePromise(true)));
  });
}

/**
 * The first of `count` consecutive free ports (a browser-test stack listens on E2E_PORT and the
 * three after it): a free port alone let a stack's mail sink meet a port another step's server
 * held, when two steps started stacks at once.
 */
export async function freePortRange(count) {
  for (;;) {
    const first = await freePort();
    const rest = await Promise.all(Array.from({ length: count - 1 }, (_, i) => portIsFree(first + 1 + i)));
    if (rest.every(Boolean)) return first;
  }
}

export const npmCommand = process.platform === 'win32' ? 'npm.cmd' : 'npm';
