// The live bench's baseline server: a bare Socket.IO server (the version the api runs) with the
// Redis adapter, in a process of its own as each api instance is. A socket joins the room of the
// user it names at the handshake; no session, no database, no Nest.
//
//   PORT=… REDIS_URL=… CHANNEL_KEY=… node bench/lib/live-baseline-server.mjs
//
// Prints one JSON line {"ready":true} once it listens.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { SOCKET_PATH, SOCKET_ROOMS } from '@shop/contracts';

// socket.io is the api's own dependency (pinned there), not the workspace root's.
const { Server } = createRequire(new URL('../../api/package.json', import.meta.url))('socket.io');

const publisher = new Redis(process.env.REDIS_URL);
const subscriber = publisher.duplicate();
// Subscribing while ioredis is still connecting can race its ready check (ioredis issue #2037):
// the client then ends up ready with no subscription and the server hears nothing, silently.
await Promise.all([publisher, subscriber].map((client) => (client.status === 'ready' ? undefined : once(client, 'ready'))));
const httpServer = createServer();
const io = new Server(httpServer, { path: SOCKET_PATH });
io.adapter(createAdapter(publisher, subscriber, { key: process.env.CHANNEL_KEY }));
io.use((socket, next) => {
  void socket.join(SOCKET_ROOMS.user(Number(socket.handshake.auth.userId)));
  next();
});
httpServer.listen(Number(process.env.PORT), '127.0.0.1');
await once(httpServer, 'listening');
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
process.once('SIGTERM', () => {
  io.close();
  publisher.disconnect();
  subscriber.disconnect();
  process.exit(0);
});
