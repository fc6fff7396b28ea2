import type { UnknownAction } from '@reduxjs/toolkit';
import { buffers, eventChannel, type EventChannel, type SagaIterator, type Task } from 'redux-saga';
import { call, cancel, fork, put, select, take } from 'redux-saga/effects';
import { SOCKET_CLIENT_EVENTS, SOCKET_PATH, type ClientToServerEvents } from '@shop/contracts';
import { authChecked, loggedOut, signedInAs } from '../auth/auth.slice';
import {
  opsWatchStarted,
  opsWatchStopped,
  SERVER_EVENT_ACTIONS,
  socketClosed,
  socketConnected,
  socketConnectFailed,
  socketDisconnected,
  socketOpening,
  socketReconnected,
} from './realtime.slice';

/** What the saga needs of a Socket.IO client socket, so that tests can hand in a fake one. */
export interface ShopSocket {
  on(event: string, listener: (payload: never) => void): unknown;
  emit(event: keyof ClientToServerEvents): unknown;
  disconnect(): unknown;
  /** False once socket.io has given up: the server refused the handshake or closed the socket itself. */
  readonly active: boolean;
}

export type SocketOpener = () => ShopSocket | Promise<ShopSocket>;

/**
 * Same origin as the page, so the session cookie authenticates the handshake (api/src/realtime/events.gateway.ts).
 * The client library loads with the first sign-in: a guest's first page never downloads it.
 */
export const openShopSocket: SocketOpener = async () => {
  const { io } = await import('socket.io-client');
  return io({ path: SOCKET_PATH, withCredentials: true, transports: ['websocket', 'polling'], tryAllTransports: true });
};

/**
 * The socket's life as actions: connection changes and one action per server event. Buffered, so
 * that a burst of events arriving while the saga dispatches is not dropped; closing the channel
 * closes the socket.
 */
export function socketChannel(socket: ShopSocket): EventChannel<UnknownAction> {
  return eventChannel<UnknownAction>((emit) => {
    let hasConnected = false;
    socket.on('connect', () => {
      emit(hasConnected ? socketReconnected() : socketConnected());
      hasConnected = true;
    });
    socket.on('disconnect', (reason: string) => emit(socketDisconnected({ reason, willReconnect: socket.active })));
    socket.on('connect_error', (error: Error) => emit(socketConnectFailed({ message: error.message, willRetry: socket.active })));
    // Each event's payload is the type its action creator names (ServerToClientEvents, and the events realtime.slice.ts adds), which the map's type guarantees per entry.
    const serverEvents = Object.entries(SERVER_EVENT_ACTIONS) as [string, (payload: unknown) => UnknownAction][];
    for (const [event, actionOf] of serverEvents) {
      socket.on(event, (payload: unknown) => emit(actionOf(payload)));
    }
    return () => {
      socket.disconnect();
    };
  }, buffers.expanding<UnknownAction>(32));
}

/**
 * Rooms joined by a client message last as long as the connection: while a queue console is open,
 * the ops room is asked for on every (re)connect, and left when the console closes.
 */
function* followOpsWatching(socket: ShopSocket): SagaIterator {
  while (true) {
    const action: UnknownAction = yield take([opsWatchStarted.type, opsWatchStopped.type, socketConnected.type, socketReconnected.type]);
    const watching: boolean = yield select((state: { realtime: { watchingOps: boolean } }) => state.realtime.watchingOps);
    if (opsWatchStopped.match(action)) socket.emit(SOCKET_CLIENT_EVENTS.opsUnwatch);
    else if (watching) socket.emit(SOCKET_CLIENT_EVENTS.opsWatch);
  }
}

function* keepSocketOpen(openSocket: SocketOpener): SagaIterator {
  yield put(socketOpening());
  const socket: ShopSocket = yield call(openSocket);
  const channel: EventChannel<UnknownAction> = yield call(socketChannel, socket);
  yield fork(followOpsWatching, socket);
  try {
    while (true) {
      const action: UnknownAction = yield take(channel);
      yield put(action);
    }
  } finally {
    channel.close();
    yield put(socketClosed());
  }
}

type AuthAction = ReturnType<typeof signedInAs> | ReturnType<typeof authChecked> | ReturnType<typeof loggedOut>;

/**
 * One socket per signed-in session: opened when a user signs in or a check finds one, closed on
 * sign-out. A fresh sign-in is a new session (the server closes the old session's sockets), so it
 * always opens a new socket; a repeated check that finds the same user keeps the open one.
 */
export function* realtimeSaga(openSocket: SocketOpener = openShopSocket): SagaIterator {
  let connection: Task | null = null;
  while (true) {
    const action: AuthAction = yield take([signedInAs.type, authChecked.type, loggedOut.type]);
    const signedIn = action.payload != null;
    const keepsSession = authChecked.match(action) && signedIn && connection?.isRunning() === true;
    if (keepsSession) continue;
    if (connection) yield cancel(connection);
    connection = signedIn ? yield fork(keepSocketOpen, openSocket) : null;
  }
}
