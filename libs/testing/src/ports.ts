import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';

/** A local port nobody listens on right now, for a server that must be told its address before it starts. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}
