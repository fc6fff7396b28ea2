// The live bench's browsers: a process of its own (forked with an IPC channel) holding one
// socket.io-client socket per shopper, so that receiving hundreds of events never delays the
// bench's own timer that releases the callbacks. Each event is stamped with this machine's clock
// the moment it arrives.
//
// Messages from the bench, each answered with one message of the same type:
//   { type: 'connect', sockets: [{ url, auth }], event, batch }  → { type, connected, errors, perUrl }
//   { type: 'count' }                                            → { type, receipts }
//   { type: 'reset' }                                            → { type }  (forget what arrived so far)
//   { type: 'report' }                                           → { type, receipts: [[socket, orderId, paymentStatus, at]], disconnects }
//   { type: 'close' }                                            → { type }, then the process ends
import { io } from 'socket.io-client';
import { SOCKET_PATH } from '@shop/contracts';

/** A handshake that has not succeeded by then counts as failed: the bench stops rather than measure fewer shoppers. */
const CONNECT_TIMEOUT_MS = 20_000;

const sockets = [];
let receipts = [];
let disconnects = 0;

function open(index, { url, auth }, event) {
  // forceNew: io() would otherwise multiplex every socket to one URL over a single connection.
  const socket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth,
    forceNew: true,
    reconnection: true,
    timeout: CONNECT_TIMEOUT_MS,
  });
  socket.on(event, (payload) => receipts.push([index, payload.orderId, payload.paymentStatus, Date.now()]));
  sockets[index] = socket;
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.on('disconnect', () => (disconnects += 1));
      resolve(undefined);
    });
    socket.once('connect_error', (error) => {
      socket.disconnect();
      resolve(`${url}: ${error.message}`);
    });
  });
}

/** Connects `batch` sockets at a time: each handshake looks the session up in MySQL, and a burst of 500 is not what the bench measures. */
async function connectAll(specs, event, batch) {
  const errors = [];
  for (let start = 0; start < specs.length; start += batch) {
    const results = await Promise.all(specs.slice(start, start + batch).map((spec, offset) => open(start + offset, spec, event)));
    errors.push(...results.filter((result) => result !== undefined));
  }
  const perUrl = {};
  specs.forEach((spec, index) => {
    if (sockets[index].connected) perUrl[spec.url] = (perUrl[spec.url] ?? 0) + 1;
  });
  return { connected: sockets.filter((socket) => socket.connected).length, errors, perUrl };
}

process.on('message', async (message) => {
  switch (message.type) {
    case 'connect':
      process.send({ type: 'connect', ...(await connectAll(message.sockets, message.event, message.batch)) });
      break;
    case 'count':
      process.send({ type: 'count', receipts: receipts.length });
      break;
    case 'reset':
      receipts = [];
      disconnects = 0;
      process.send({ type: 'reset' });
      break;
    case 'report':
      process.send({ type: 'report', receipts, disconnects });
      break;
    case 'close':
      for (const socket of sockets) socket?.disconnect();
      process.send({ type: 'close' }, () => process.exit(0));
      break;
    default:
      throw new Error(`live-sockets: unknown message ${JSON.stringify(message)}`);
  }
});
// Orphaned by a bench that died: nothing left to report to.
process.on('disconnect', () => process.exit(0));
