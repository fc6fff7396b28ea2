import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface TcpBalancer {
  url: string;
  /** Refuses new connections, as a balancer with no healthy backend does, until `resume`. */
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

/**
 * A failover TCP balancer in front of api instances, as tests need one: each new connection goes to
 * the first backend port that accepts it; when a backend closes a connection the client's side closes
 * too, so the client reconnects through the balancer and lands on an instance still running. Plain
 * TCP, no stickiness: enough for websocket-only clients.
 */
export async function startTcpBalancer(backendPorts: number[]): Promise<TcpBalancer> {
  let paused = false;
  const open = new Set<Socket>();

  const pipeTo = (client: Socket, candidates: number[]): void => {
    const [port, ...rest] = candidates;
    if (port === undefined || client.destroyed) {
      client.destroy();
      return;
    }
    const upstream = connect(port, '127.0.0.1');
    open.add(upstream);
    upstream.once('close', () => open.delete(upstream));
    let connected = false;
    upstream.on('error', () => {
      // Refused: the next backend gets the connection.
      if (!connected) pipeTo(client, rest);
      else client.destroy();
    });
    upstream.once('connect', () => {
      connected = true;
      client.pipe(upstream).pipe(client);
      upstream.once('close', () => client.destroy());
      client.once('close', () => upstream.destroy());
      client.resume();
    });
  };

  const server = createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    if (paused) client.destroy();
    else pipeTo(client, backendPorts);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    pause: () => (paused = true),
    resume: () => (paused = false),
    async close() {
      open.forEach((socket) => socket.destroy());
      server.close();
      await once(server, 'close');
    },
  };
}
