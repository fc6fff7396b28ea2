import { ConnectedSocket, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { SOCKET_ROOMS, type ClientToServerEvents, type ServerToClientEvents } from '@shop/contracts';

/**
 * The api only joins sockets to rooms; what reaches a room is emitted by the workers through
 * the Redis emitter, so any api instance can serve any browser.
 */
@WebSocketGateway()
export class EventsGateway {
  @SubscribeMessage('ops:watch')
  watchPipeline(@ConnectedSocket() socket: Socket<ClientToServerEvents, ServerToClientEvents>): { joined: string } {
    void socket.join(SOCKET_ROOMS.ops);
    return { joined: SOCKET_ROOMS.ops };
  }
}
