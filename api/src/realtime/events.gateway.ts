import { Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  WsException,
  type OnGatewayConnection,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import {
  MESSAGES,
  SOCKET_CLIENT_EVENTS,
  SOCKET_ROOMS,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SessionUser,
} from '@shop/contracts';
import { sessionTokenOfHandshake } from '../access/session-token.js';
import { SessionService } from '../access/session.service.js';
import { CLIENT_EVENT_LIMITS, ClientEventBudget } from './client-event-budget.js';

interface SocketIdentity {
  user: SessionUser;
  sessionId: string;
}
type ShopServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketIdentity>;
type ShopSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketIdentity>;

/**
 * Sign-out closes a session's sockets at once (disconnectSession); this catches the sessions that
 * end without a request: expiry, and rows deleted with their account.
 */
const SESSION_RECHECK_INTERVAL_MS = 60_000;
/** Sessions looked up per query when rechecking: an instance may hold thousands of sockets. */
const SESSION_RECHECK_BATCH = 500;

/** How long a closed flooder's connection stays, unread, so that it can read why it was closed. */
const FLOODER_HANG_UP_MS = 2000;

/**
 * Sockets belong to a signed-in session, checked at the handshake. The api only places sockets in
 * rooms; what reaches a room is emitted by the workers through the Redis emitter, so any api
 * instance can serve any browser. A client can join nothing by itself but the ops room (admins).
 */
@WebSocketGateway({ maxHttpBufferSize: CLIENT_EVENT_LIMITS.messageMaxBytes })
export class EventsGateway implements OnGatewayInit, OnGatewayConnection, OnModuleDestroy {
  private readonly logger = new Logger(EventsGateway.name);
  private recheckTimer?: NodeJS.Timeout;

  @WebSocketServer()
  private readonly server!: ShopServer;

  constructor(private readonly sessions: SessionService) {}

  afterInit(server: ShopServer): void {
    server.use((socket, next) => {
      const token = sessionTokenOfHandshake(socket.handshake);
      const session = token ? this.sessions.resume(token) : Promise.resolve(undefined);
      session.then(
        (active) => {
          if (!active) return next(new Error(MESSAGES.auth.notAuthenticated));
          socket.data = { user: active.user, sessionId: active.id };
          const rooms = [
            SOCKET_ROOMS.user(active.user.id),
            SOCKET_ROOMS.session(active.id),
            ...(active.user.role === 'admin' ? [SOCKET_ROOMS.admins] : []),
          ];
          void socket.join(rooms);
          next();
        },
        (error: unknown) => {
          this.logger.warn(`socket handshake failed: ${(error as Error).message}`);
          next(new Error(MESSAGES.server.serviceUnavailable));
        },
      );
    });
    this.recheckTimer = setInterval(() => {
      this.closeEndedSessions().catch((error: unknown) => this.logger.warn(`session recheck failed: ${(error as Error).message}`));
    }, SESSION_RECHECK_INTERVAL_MS).unref();
  }

  /** Every client event is charged to the socket's budget before any handler sees it; unknown events then fall on the floor. */
  handleConnection(socket: ShopSocket): void {
    const budget = new ClientEventBudget();
    socket.use((_event, next) => {
      const verdict = budget.spend();
      if (verdict === 'pass') return next();
      if (verdict === 'flood' && socket.connected) {
        // Outside the typed events: the same channel Nest's WsException answers on.
        (socket as Socket).emit('exception', { status: 'error', message: MESSAGES.server.tooManyRequests });
        // The rest of the flood is still on the wire, and a graceful close would read it all: stop
        // reading, give the goodbye time to arrive, then hang up.
        const connection = socket.request.socket;
        socket.disconnect(true);
        connection.pause();
        setTimeout(() => connection.destroy(), FLOODER_HANG_UP_MS).unref();
      }
    });
  }

  onModuleDestroy(): void {
    clearInterval(this.recheckTimer);
  }

  /** Sockets connected to this api instance (the metrics' gauge). */
  connectedSockets(): number {
    return this.server?.of('/').sockets.size ?? 0;
  }

  /** Closes, on every api instance, the sockets a session opened. */
  disconnectSession(sessionId: string): void {
    this.server.in(SOCKET_ROOMS.session(sessionId)).disconnectSockets(true);
  }

  /** Closes this instance's sockets whose session has ended since their handshake. */
  async closeEndedSessions(): Promise<void> {
    const sockets = [...this.server.sockets.sockets.values()];
    const sessionIds = [...new Set(sockets.map((socket) => socket.data.sessionId))];
    const active = new Set<string>();
    for (let start = 0; start < sessionIds.length; start += SESSION_RECHECK_BATCH) {
      for (const id of await this.sessions.stillActive(sessionIds.slice(start, start + SESSION_RECHECK_BATCH))) active.add(id);
    }
    for (const socket of sockets) {
      if (!active.has(socket.data.sessionId)) socket.disconnect(true);
    }
  }

  @SubscribeMessage(SOCKET_CLIENT_EVENTS.opsWatch)
  watchPipeline(@ConnectedSocket() socket: ShopSocket): { joined: string } {
    if (socket.data.user.role !== 'admin') throw new WsException(MESSAGES.auth.adminRequired);
    void socket.join(SOCKET_ROOMS.ops);
    return { joined: SOCKET_ROOMS.ops };
  }

  @SubscribeMessage(SOCKET_CLIENT_EVENTS.opsUnwatch)
  unwatchPipeline(@ConnectedSocket() socket: ShopSocket): { left: string } {
    void socket.leave(SOCKET_ROOMS.ops);
    return { left: SOCKET_ROOMS.ops };
  }
}
