import { MESSAGES, NOTIFICATION_API, type NotificationRecord } from '@shop/contracts';
import { apiClient, ApiError } from '../../../lib/api-client';
import { startApiStore } from '../../../testing/api-store';
import { adminOrdersApi } from './admin-orders.api';
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
  const { getOrderMessages } = adminOrdersApi.endpoints;
  const realGet = apiClient.get;
  let calls: string[];
  let messages: () => Promise<NotificationRecord[]>;

  beforeEach(() => {
    calls = [];
    messages = async () => [messageOf(2, { channel: 'email', recipient: 'wanjiru@example.test' }), messageOf(1)];
    apiClient.get = (async (path: string) => {
      calls.push(path);
      return { success: true, data: await messages() };
    }) as typeof apiClient.get;
  });

  afterEach(() => {
    apiClient.get = realGet;
  });

  /** The dialog's Messages open on order 2, read once. */
  async function openMessages() {
    const store = startApiStore();
    const shown = store.dispatch(getOrderMessages.initiate(2));
    await shown;
    return { store, shown, entry: () => getOrderMessages.select(2)(store.getState()) };
  }

  it('are read for the dialog’s order, newest first', async () => {
    const { entry, shown } = await openMessages();
    expect(calls).toEqual([NOTIFICATION_API.adminOrderMessages(2)]);
    expect(entry().data?.map((message) => message.id)).toEqual([2, 1]);
    shown.unsubscribe();
  });

  it('are an empty list, not a missing one, for an order nothing was sent about', async () => {
    messages = async () => [];
    const { entry, shown } = await openMessages();
    expect(entry()).toMatchObject({ isSuccess: true, data: [] });
    shown.unsubscribe();
  });

  it('are read again on Refresh, for the delivery reports that came since', async () => {
    const { entry, shown } = await openMessages();
    messages = async () => [messageOf(1, { deliveryStatus: 'Success', deliveryReportedAt: '2025-06-02T07:31:09.000Z' })];
    await shown.refetch();
    expect(calls).toEqual([NOTIFICATION_API.adminOrderMessages(2), NOTIFICATION_API.adminOrderMessages(2)]);
    expect(entry().data?.[0]).toMatchObject({ deliveryStatus: 'Success' });
    shown.unsubscribe();
  });

  it('keep what is shown and say why when a read fails', async () => {
    const { entry, shown } = await openMessages();
    messages = async () => {
      throw new ApiError(MESSAGES.server.serviceUnavailable, 'SERVICE_UNAVAILABLE');
    };
    await shown.refetch();
    expect(entry()).toMatchObject({ isError: true, error: { message: MESSAGES.server.serviceUnavailable } });
    expect(entry().data).toHaveLength(2);
    shown.unsubscribe();
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
