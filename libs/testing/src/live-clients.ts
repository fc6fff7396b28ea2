import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { ServerToClientEvents } from '@shop/contracts';
import { waitFor } from './wait-for.js';

type Payload<Event extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[Event]>[0];

export interface LiveCredentials {
  /** A `Cookie` header value, as a browser sends it. */
  cookie?: string;
  /** A bearer token, sent as `auth.token` (how a non-browser client passes it). */
  token?: string;
}

/** A browser's socket as the tests watch it: every server event it receives, and why it closed. */
export class LiveClient {
  readonly received: { event: string; payload: unknown }[] = [];
  readonly disconnects: string[] = [];
  connects = 0;

  constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: unknown) => this.received.push({ event, payload }));
    socket.on('connect', () => (this.connects += 1));
    socket.on('disconnect', (reason: string) => this.disconnects.push(reason));
  }

  events<Event extends keyof ServerToClientEvents>(event: Event): Payload<Event>[] {
    return this.received.filter((entry) => entry.event === event).map((entry) => entry.payload as Payload<Event>);
  }

  /** Server events other than Nest's `exception` answers, i.e. what a room delivered. */
  deliveries(): { event: string; payload: unknown }[] {
    return this.received.filter((entry) => entry.event !== 'exception');
  }

  async connected(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      if (this.socket.connected) return resolve();
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
    return this;
  }

  refusal(): Promise<Error> {
    return new Promise((resolve) => this.socket.once('connect_error', resolve));
  }

  /** Waits until the socket has closed `count` times in all, and answers the last reason. */
  closed(count = 1): Promise<string> {
    return waitFor('the socket to close', () => this.disconnects.length >= count && this.disconnects[count - 1]);
  }
}

/** Opens sockets as browsers would (websocket first, no polling), and closes them all after the tests. */
export function liveClients() {
  const opened: LiveClient[] = [];
  return {
    open(url: string, credentials: LiveCredentials, options: Partial<ManagerOptions & SocketOptions> = {}): LiveClient {
      const socket = io(url, {
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: credentials.cookie ? { cookie: credentials.cookie } : {},
        auth: credentials.token ? { token: credentials.token } : {},
        ...options,
      });
      const client = new LiveClient(socket);
      opened.push(client);
      return client;
    },
    closeAll(): void {
      opened.forEach((client) => client.socket.disconnect());
    },
  };
}
