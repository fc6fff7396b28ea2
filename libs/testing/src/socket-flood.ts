import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface FloodOptions {
  url: string;
  cookie: string;
  sockets: number;
  eventsPerSocket: number;
}

export interface FloodOutcome {
  /** Why each socket closed, as socket.io-client tells it ('' if it was still open at the end). */
  closeReasons: string[];
  /** The messages of the `exception` answers each socket received. */
  exceptions: string[][];
}

/** The flooder runs as its own process, as an attacker's machine would: its sending costs the api nothing. */
const FLOODER = `
import { io } from 'socket.io-client';
const { url, cookie, sockets, eventsPerSocket } = JSON.parse(process.argv[1]);
const opened = await Promise.all(Array.from({ length: sockets }, () => new Promise((resolve, reject) => {
  const socket = io(url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
  const watched = { socket, exceptions: [], closed: new Promise((closed) => socket.once('disconnect', closed)) };
  socket.on('exception', (answer) => watched.exceptions.push(answer.message));
  socket.once('connect_error', reject);
  socket.once('connect', () => resolve(watched));
})));
process.send('flooding');
for (const { socket } of opened) {
  for (let sent = 0; sent < eventsPerSocket; sent += 1) socket.emit(sent % 2 ? 'ops:watch' : 'anything', sent);
}
const settle = (closed) => Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve(''), 10_000))]);
const closeReasons = await Promise.all(opened.map(({ closed }) => settle(closed)));
process.stdout.write(JSON.stringify({ closeReasons, exceptions: opened.map(({ exceptions }) => exceptions) }));
process.exit(0);
`;

/**
 * Opens `sockets` sockets with the session cookie from a child process, then each sends
 * `eventsPerSocket` events at once; `started` resolves as the sending begins.
 */
export function floodFromAnotherProcess(options: FloodOptions): { started: Promise<void>; outcome: Promise<FloodOutcome> } {
  // Resolved from the repository root, where socket.io-client is installed.
  const cwd = fileURLToPath(new URL('../../..', import.meta.url));
  const child = spawn(process.execPath, ['--input-type=module', '-e', FLOODER, JSON.stringify(options)], {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const started = new Promise<void>((resolve) => child.once('message', () => resolve()));
  const outcome = new Promise<FloodOutcome>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output) as FloodOutcome) : reject(new Error(`the flooder exited with ${code}`)),
    );
  });
  return { started, outcome };
}
