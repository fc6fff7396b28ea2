import { createAction, createSlice, type PayloadAction, type PayloadActionCreator } from '@reduxjs/toolkit';
import {
  SOCKET_EVENTS,
  type AdminOrderPaidEvent,
  type AdminPaymentAttentionEvent,
  type ImageProcessedEvent,
  type OrderUpdatedEvent,
  type PipelineHeartbeatEvent,
  type ServerToClientEvents,
} from '@shop/contracts';

/**
 * closed: no socket (signed out); connecting: the first attempt; connected; reconnecting: the
 * connection dropped and socket.io is retrying; refused: the server turned the handshake down and
 * nothing retries until the next sign-in.
 */
export type SocketStatus = 'closed' | 'connecting' | 'connected' | 'reconnecting' | 'refused';

export type ImageOutcome = Pick<ImageProcessedEvent, 'status' | 'reason'>;

interface RealtimeState {
  status: SocketStatus;
  /** A queue console is open: the socket asks for the ops room's figures, again after every reconnect. */
  watchingOps: boolean;
  /** Why the last attempt failed, as the server or socket.io said it. */
  lastError: string | null;
  /** Reconnects so far: screens refetch when it moves, since events sent while away are lost. */
  reconnections: number;
  /** What the image worker said about each upload, by the image's url, kept because the event can beat the answer that names the image. */
  processedImages: Record<string, ImageOutcome>;
}

const initialState: RealtimeState = { status: 'closed', watchingOps: false, lastError: null, reconnections: 0, processedImages: {} };

type EventPayload<Event extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[Event]>[0];

export const imageProcessed = createAction<ImageProcessedEvent>(`realtime/${SOCKET_EVENTS.imageProcessed}`);
export const orderUpdated = createAction<OrderUpdatedEvent>(`realtime/${SOCKET_EVENTS.orderUpdated}`);
export const adminOrderPaid = createAction<AdminOrderPaidEvent>(`realtime/${SOCKET_EVENTS.adminOrderPaid}`);
export const adminPaymentAttention = createAction<AdminPaymentAttentionEvent>(`realtime/${SOCKET_EVENTS.adminPaymentAttention}`);
export const pipelineHeartbeatReceived = createAction<PipelineHeartbeatEvent>(`realtime/${SOCKET_EVENTS.pipelineHeartbeat}`);
export const queueStatsReceived = createAction<EventPayload<typeof SOCKET_EVENTS.queueStats>>(`realtime/${SOCKET_EVENTS.queueStats}`);

/** The action each server event becomes; the socket saga listens to exactly these events. */
export const SERVER_EVENT_ACTIONS: { [Event in keyof ServerToClientEvents]?: PayloadActionCreator<EventPayload<Event>> } = {
  [SOCKET_EVENTS.imageProcessed]: imageProcessed,
  [SOCKET_EVENTS.orderUpdated]: orderUpdated,
  [SOCKET_EVENTS.adminOrderPaid]: adminOrderPaid,
  [SOCKET_EVENTS.adminPaymentAttention]: adminPaymentAttention,
  [SOCKET_EVENTS.pipelineHeartbeat]: pipelineHeartbeatReceived,
  [SOCKET_EVENTS.queueStats]: queueStatsReceived,
};

const realtimeSlice = createSlice({
  name: 'realtime',
  initialState,
  reducers: {
    socketOpening(state) {
      state.status = 'connecting';
      state.lastError = null;
    },
    socketConnected(state) {
      state.status = 'connected';
      state.lastError = null;
    },
    socketReconnected(state) {
      state.status = 'connected';
      state.lastError = null;
      state.reconnections += 1;
    },
    socketDisconnected(state, action: PayloadAction<{ reason: string; willReconnect: boolean }>) {
      state.status = action.payload.willReconnect ? 'reconnecting' : 'refused';
      state.lastError = action.payload.reason;
    },
    socketConnectFailed(state, action: PayloadAction<{ message: string; willRetry: boolean }>) {
      state.status = action.payload.willRetry ? 'reconnecting' : 'refused';
      state.lastError = action.payload.message;
    },
    opsWatchStarted(state) {
      state.watchingOps = true;
    },
    opsWatchStopped(state) {
      state.watchingOps = false;
    },
    /** The socket was closed on sign-out: nothing of the session's events is kept. */
    socketClosed() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(imageProcessed, (state, action) => {
      const { url, status, reason } = action.payload;
      state.processedImages[url] = reason === undefined ? { status } : { status, reason };
    });
  },
});

export const {
  socketOpening,
  socketConnected,
  socketReconnected,
  socketDisconnected,
  socketConnectFailed,
  socketClosed,
  opsWatchStarted,
  opsWatchStopped,
} = realtimeSlice.actions;
export const realtimeReducer = realtimeSlice.reducer;
