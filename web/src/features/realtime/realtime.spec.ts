import { EventEmitter } from 'node:events';
import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel, type EventChannel } from 'redux-saga';
import { SOCKET_EVENTS, type AdminPaymentAttentionEvent, type ImageSet, type SessionUser } from '@shop/contracts';
import { authChecked, loggedOut, signedInAs } from '../auth/auth.slice';
import { withImageOutcome } from './image-outcome';
import { realtimeSaga, socketChannel, type ShopSocket } from './realtime.saga';
import {
  adminPaymentAttention,
  imageProcessed,
  opsWatchStarted,
  opsWatchStopped,
  realtimeReducer,
  socketClosed,
  socketConnected,
  socketConnectFailed,
  socketDisconnected,
  socketOpening,
  socketReconnected,
} from './realtime.slice';

/** Stands in for a socket.io client socket: the test plays the server by emitting on it. */
class FakeSocket implements ShopSocket {
  active = true;
  closed = false;
  /** What the browser sent the server. */
  readonly sent: string[] = [];
  private readonly events = new EventEmitter();
  on(event: string, listener: (payload: never) => void) {
    this.events.on(event, listener as (payload: unknown) => void);
  }
  emit(event: string) {
    this.sent.push(event);
  }
  serverSends(event: string, payload?: unknown) {
    this.events.emit(event, payload);
  }
  disconnect() {
    this.closed = true;
    this.active = false;
  }
}

const admin: SessionUser = { id: 7, userName: 'Wanjiru', email: 'wanjiru@example.test', role: 'admin' };
const processed = { imageId: 3, url: '/uploads/originals/lion.png', status: 'ready' as const };
const attention: AdminPaymentAttentionEvent = {
  orderId: 31,
  kind: 'amountMismatch',
  message: 'Received KES 7 of KES 1,450: refund KES 7',
  createdAt: '2025-06-02T07:46:00.000Z',
};

function drain(channel: EventChannel<UnknownAction>): UnknownAction[] {
  const actions: UnknownAction[] = [];
  channel.flush((buffered) => {
    if (Array.isArray(buffered)) actions.push(...buffered);
  });
  return actions;
}

describe('the realtime state', () => {
  it('follows the connection from opening to a reconnect, and forgets everything once closed', () => {
    let state = realtimeReducer(undefined, socketOpening());
    expect(state.status).toBe('connecting');
    state = realtimeReducer(state, socketConnected());
    expect(state.status).toBe('connected');
    state = realtimeReducer(state, socketDisconnected({ reason: 'transport close', willReconnect: true }));
    expect(state).toMatchObject({ status: 'reconnecting', lastError: 'transport close' });
    state = realtimeReducer(state, socketReconnected());
    expect(state).toMatchObject({ status: 'connected', lastError: null, reconnections: 1 });
    state = realtimeReducer(state, imageProcessed(processed));
    expect(state.processedImages[processed.url]).toEqual({ status: 'ready' });
    expect(realtimeReducer(state, socketClosed())).toEqual(realtimeReducer(undefined, { type: 'init' }));
  });

  it('calls a handshake the server turned down refused, since socket.io will not retry it', () => {
    const state = realtimeReducer(undefined, socketConnectFailed({ message: 'Not authenticated', willRetry: false }));
    expect(state).toMatchObject({ status: 'refused', lastError: 'Not authenticated' });
  });

  it('keeps the reason of an image the worker could not use', () => {
    const state = realtimeReducer(undefined, imageProcessed({ ...processed, status: 'failed', reason: 'Not an image' }));
    expect(state.processedImages[processed.url]).toEqual({ status: 'failed', reason: 'Not an image' });
  });
});

describe("an image with the worker's verdict", () => {
  const pending: ImageSet = { url: processed.url, status: 'pending', srcSet: [] };

  it('stays pending until the verdict arrives, then takes it', () => {
    expect(withImageOutcome(pending, undefined)).toBe(pending);
    expect(withImageOutcome(pending, { status: 'ready' }).status).toBe('ready');
    expect(withImageOutcome(pending, { status: 'failed', reason: 'Not an image' })).toMatchObject({
      status: 'failed',
      failureReason: 'Not an image',
    });
  });

  it('keeps what the server said about an image that is no longer pending', () => {
    const ready: ImageSet = { ...pending, status: 'ready' };
    expect(withImageOutcome(ready, { status: 'failed', reason: 'stale' })).toBe(ready);
  });
});

describe('the socket channel', () => {
  it('turns the first connect, later connects, drops and server events into actions', () => {
    const socket = new FakeSocket();
    const channel = socketChannel(socket);
    socket.serverSends('connect');
    socket.serverSends('image:processed', processed);
    socket.serverSends('disconnect', 'transport close');
    socket.serverSends('connect');
    expect(drain(channel)).toEqual([
      socketConnected(),
      imageProcessed(processed),
      socketDisconnected({ reason: 'transport close', willReconnect: true }),
      socketReconnected(),
    ]);
  });

  it('hands a payment that needs the admin to the admin’s screens', () => {
    const socket = new FakeSocket();
    const channel = socketChannel(socket);
    socket.serverSends(SOCKET_EVENTS.adminPaymentAttention, attention);
    expect(drain(channel)).toEqual([adminPaymentAttention(attention)]);
  });

  it('reports a refused handshake as final', () => {
    const socket = new FakeSocket();
    const channel = socketChannel(socket);
    socket.active = false;
    socket.serverSends('connect_error', new Error('Not authenticated'));
    expect(drain(channel)).toEqual([socketConnectFailed({ message: 'Not authenticated', willRetry: false })]);
  });

  it('closes the socket when the channel closes', () => {
    const socket = new FakeSocket();
    socketChannel(socket).close();
    expect(socket.closed).toBe(true);
  });
});

describe('the socket saga', () => {
  function start() {
    const sockets: FakeSocket[] = [];
    const dispatched: UnknownAction[] = [];
    const channel = stdChannel<UnknownAction>();
    let state = { realtime: realtimeReducer(undefined, { type: 'init' }) };
    const task = runSaga(
      {
        channel,
        getState: () => state,
        dispatch: (action: UnknownAction) => {
          dispatched.push(action);
          state = { realtime: realtimeReducer(state.realtime, action) };
          channel.put(action);
        },
      },
      realtimeSaga,
      () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
    );
    const signal = (action: UnknownAction) => {
      state = { realtime: realtimeReducer(state.realtime, action) };
      channel.put(action);
    };
    return { sockets, dispatched, signal, task };
  }

  it('opens no socket for a guest', () => {
    const { sockets, signal, task } = start();
    signal(authChecked(null));
    expect(sockets).toHaveLength(0);
    task.cancel();
  });

  it('opens one socket on sign-in and closes it on sign-out', () => {
    const { sockets, dispatched, signal, task } = start();
    signal(signedInAs(admin));
    expect(sockets).toHaveLength(1);
    sockets[0].serverSends('connect');
    expect(dispatched).toContainEqual(socketConnected());

    signal(loggedOut());
    expect(sockets[0].closed).toBe(true);
    expect(dispatched.at(-1)).toEqual(socketClosed());
    task.cancel();
  });

  it('keeps the socket when a later check finds the same session, and replaces it on a fresh sign-in', () => {
    const { sockets, signal, task } = start();
    signal(authChecked(admin));
    signal(authChecked(admin));
    expect(sockets).toHaveLength(1);

    signal(signedInAs(admin));
    expect(sockets).toHaveLength(2);
    expect(sockets[0].closed).toBe(true);
    expect(sockets[1].closed).toBe(false);
    task.cancel();
  });

  it('dispatches the server events it receives', () => {
    const { sockets, dispatched, signal, task } = start();
    signal(signedInAs(admin));
    sockets[0].serverSends('image:processed', processed);
    expect(dispatched).toContainEqual(imageProcessed(processed));
    task.cancel();
  });

  it('asks for the ops room while a queue console is open, again after a reconnect, and leaves it after', () => {
    const { sockets, signal, task } = start();
    signal(opsWatchStarted());
    signal(signedInAs(admin));
    sockets[0].serverSends('connect');
    expect(sockets[0].sent).toEqual(['ops:watch']);
    sockets[0].serverSends('disconnect', 'transport close');
    sockets[0].serverSends('connect');
    expect(sockets[0].sent).toEqual(['ops:watch', 'ops:watch']);
    signal(opsWatchStopped());
    sockets[0].serverSends('disconnect', 'transport close');
    sockets[0].serverSends('connect');
    expect(sockets[0].sent).toEqual(['ops:watch', 'ops:watch', 'ops:unwatch']);
    task.cancel();
  });
});
