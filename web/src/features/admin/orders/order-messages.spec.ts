import { MESSAGES, NOTIFICATION_API, ORDER_API, type NotificationRecord } from '@shop/contracts';
import { apiClient, ApiError } from '../../../lib/api-client';
import { detailsOf, orderOf, settle, startOrdersStore } from '../../orders/order-fixtures';
import { adminOrdersSaga } from './adminOrders.saga';
import { adminOrderDialogClosed, adminOrderDialogOpened, adminOrderMessagesRequested } from './adminOrders.slice';
import { deliveryReportText, recipientText } from './order-messages';

function messageOf(id: number, fields: Partial<NotificationRecord> = {}): NotificationRecord {
  return {
    id,
    kind: 'orderPaid',
    channel: 'sms',
    recipient: '+254712345678',
    state: 'sent',
    attempts: 1,
    lastError: null,
    sentAt: '2025-06-02T07:31:00.000Z',
    deliveryStatus: null,
    deliveryFailureReason: null,
    deliveryReportedAt: null,
    createdAt: '2025-06-02T07:31:00.000Z',
    ...fields,
  };
}

describe('the messages sent about an order, in the admin’s dialog', () => {
  const realGet = apiClient.get;
  let calls: string[];
  let messages: () => Promise<NotificationRecord[]>;

  beforeEach(() => {
    calls = [];
    messages = async () => [messageOf(2, { channel: 'email', recipient: 'wanjiru@example.test' }), messageOf(1)];
    apiClient.get = (async (path: string) => {
      calls.push(path);
      if (path === NOTIFICATION_API.adminOrderMessages(2)) return { success: true, data: await messages() };
      return { success: true, data: detailsOf(orderOf(2, { paymentStatus: 'paid', orderStatus: 'confirmed' })) };
    }) as typeof apiClient.get;
  });

  afterEach(() => {
    apiClient.get = realGet;
  });

  it('are read when the dialog opens, beside the order’s details', async () => {
    const { store, stop } = startOrdersStore(adminOrdersSaga);
    store.dispatch(adminOrderDialogOpened(2));
    expect(store.getState().adminOrders.messages).toMatchObject({ orderId: 2, items: null, isLoading: true });
    await settle();
    expect(calls).toEqual(expect.arrayContaining([ORDER_API.adminOrder(2), NOTIFICATION_API.adminOrderMessages(2)]));
    expect(store.getState().adminOrders.messages).toMatchObject({ orderId: 2, isLoading: false, error: null });
    expect(store.getState().adminOrders.messages.items?.map((message) => message.id)).toEqual([2, 1]);
    stop();
  });

  it('are an empty list, not a loading one, for an order nothing was sent about', async () => {
    messages = async () => [];
    const { store, stop } = startOrdersStore(adminOrdersSaga);
    store.dispatch(adminOrderDialogOpened(2));
    await settle();
    expect(store.getState().adminOrders.messages).toMatchObject({ items: [], isLoading: false });
    stop();
  });

  it('are read again on Refresh, for the delivery reports that came since', async () => {
    const { store, stop } = startOrdersStore(adminOrdersSaga);
    store.dispatch(adminOrderDialogOpened(2));
    await settle();
    messages = async () => [messageOf(1, { deliveryStatus: 'Success', deliveryReportedAt: '2025-06-02T07:31:09.000Z' })];
    store.dispatch(adminOrderMessagesRequested());
    await settle();
    expect(calls.filter((path) => path === NOTIFICATION_API.adminOrderMessages(2))).toHaveLength(2);
    expect(store.getState().adminOrders.messages.items?.[0]).toMatchObject({ deliveryStatus: 'Success' });
    stop();
  });

  it('keep what is shown and say why when a read fails', async () => {
    const { store, stop } = startOrdersStore(adminOrdersSaga);
    store.dispatch(adminOrderDialogOpened(2));
    await settle();
    messages = async () => {
      throw new ApiError(MESSAGES.server.serviceUnavailable, 'SERVICE_UNAVAILABLE');
    };
    store.dispatch(adminOrderMessagesRequested());
    await settle();
    expect(store.getState().adminOrders.messages).toMatchObject({ isLoading: false, error: MESSAGES.server.serviceUnavailable });
    expect(store.getState().adminOrders.messages.items).toHaveLength(2);
    stop();
  });

  it('of an order the dialog no longer shows never land', async () => {
    let answerLate: (records: NotificationRecord[]) => void = () => undefined;
    messages = () => new Promise((resolve) => (answerLate = resolve));
    const { store, stop } = startOrdersStore(adminOrdersSaga);
    store.dispatch(adminOrderDialogOpened(2));
    store.dispatch(adminOrderDialogClosed());
    answerLate([messageOf(1)]);
    await settle();
    expect(store.getState().adminOrders.messages).toEqual({ orderId: null, items: null, isLoading: false, error: null });
    stop();
  });

  it('name an SMS’s number as Kenyans read it, and an e-mail’s address as it is', () => {
    expect(recipientText(messageOf(1))).toBe('0712 345 678');
    expect(recipientText(messageOf(1, { recipient: '254112345678' }))).toBe('0112 345 678');
    expect(recipientText(messageOf(2, { channel: 'email', recipient: 'wanjiru@example.test' }))).toBe('wanjiru@example.test');
  });

  it('give Africa’s Talking’s delivery report with its failure reason, and nothing before one came', () => {
    expect(deliveryReportText(messageOf(1))).toBeNull();
    expect(deliveryReportText(messageOf(1, { deliveryStatus: 'Success' }))).toBe('Success');
    expect(deliveryReportText(messageOf(1, { deliveryStatus: 'Failed', deliveryFailureReason: 'AbsentSubscriber' }))).toBe(
      'Failed: AbsentSubscriber',
    );
  });
});
