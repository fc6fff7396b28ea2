import { Logger } from '@nestjs/common';
import { ConnectedSocket, SubscribeMessage, WebSocketGateway, WebSocketServer, WsException, type OnGatewayInit } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { MESSAGES, SOCKET_ROOMS, type ClientToServerEvents, type ServerToClientEvents, type SessionUser } from '@shop/contracts';
import { SessionService } from '../access/session.service.js';
import { sessionTokenOfHandshake } from '../access/session-token.js';

interface SocketIdentity {
  user: SessionUser;
  sessionId: string;
}
type ShopServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketIdentity>;
type ShopSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketIdentity>;

/**
 * Sockets belong to a signed-in session, checked at the handshake. The api only places sockets in
 * rooms; what reaches a room is emitted by the workers through the Redis emitter, so any api
 * instance can serve any browser.
 */
@WebSocketGateway()
export class EventsGateway implements OnGatewayInit {
  private readonly logger = new Logger(EventsGateway.name);

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
          const rooms = [SOCKET_ROOMS.user(active.user.id), SOCKET_ROOMS.session(active.id), ...(active.user.role === 'admin' ? [SOCKET_ROOMS.admins] : [])];
          void socket.join(rooms);
          next();
        },
        (error: unknown) => {
          this.logger.warn(`socket handshake failed: ${(error as Error).message}`);
          next(new Error(MESSAGES.server.serviceUnavailable));
        },
      );
    });
  }

  /** Closes, on every api instance, the sockets a session opened. */
  disconnectSession(sessionId: string): void {
    this.server.in(SOCKET_ROOMS.session(sessionId)).disconnectSockets(true);
  }

  @SubscribeMessage('ops:watch')
  watchPipeline(@ConnectedSocket() socket: ShopSocket): { joined: string } {
    if (socket.data.user.role !== 'admin') throw new WsException(MESSAGES.auth.adminRequired);
    void socket.join(SOCKET_ROOMS.ops);
    return { joined: SOCKET_ROOMS.ops };
  }
}
