import { createServer } from 'node:net';

/**
 * Below Linux's ephemeral range (ip_local_port_range, 32768-60999 by default), from which the
 * kernel hands out ports to `listen(0)` and to every outgoing connection. A port taken from that
 * range and told to a server before it starts could meanwhile become the local end of one of the
 * api's own MySQL or Redis connections: a spec's api then failed at listen with EADDRINUSE.
 */
const RANGE = { from: 20_000, to: 32_767 };

function canListenOn(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A local port nobody listens on right now, for a server that must be told its address before it starts. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = RANGE.from + Math.floor(Math.random() * (RANGE.to - RANGE.from + 1));
    if (await canListenOn(port)) return port;
  }
  throw new Error(`no free port between ${RANGE.from} and ${RANGE.to} in 100 tries`);
}
