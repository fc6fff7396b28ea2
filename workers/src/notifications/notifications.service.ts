import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type QueryDeepPartialEntity } from 'typeorm';
import type { AppConfig } from '@shop/config';
import {
  ACCOUNT_LINK_TOKEN_PARAM,
  ACCOUNT_TOKEN_TTL_MS,
  LIMITS,
  MESSAGES,
  ROUTES,
  SENDING_ABANDONED_AFTER_MS,
  type AccountMessageKind,
  type AccountNotifyJob,
  type LowStockNotifyJob,
  type NotificationChannel,
  type NotificationData,
  type NotificationKind,
  type NotificationPayment,
  type NotifyJob,
  type OrderNotificationFacts,
  type OrderNotifyJob,
} from '@shop/contracts';
import { kenyanMobileNumber } from '@shop/contracts/phone';
import { inTransaction, issueAccountToken, Notification, Order, Payment, Product, User } from '@shop/db';
import { APP_CONFIG } from '@shop/infrastructure';
import { AfricasTalkingClient, SmsRefused, SmsUnavailable } from './africastalking-client.js';
import { MailRefused, MailSender, MailUnavailable } from './mail-sender.js';
import type { RenderedEmail } from './templates/email-layout.js';
import { renderAccountMail, renderNotification } from './templates/render-notification.js';

/** Who is told on which channel; the words are written only once the message is claimed (an account mail's token is issued then). */
type Outgoing = {
  kind: NotificationKind | AccountMessageKind;
  recipient: string;
  orderId: number | null;
  userId: number | null;
} & ({ channel: 'sms'; compose(): Promise<string> } | { channel: 'email'; compose(): Promise<RenderedEmail> });

/** One message's end in this attempt: `retry` when it is still to be sent (the provider was unavailable, or another attempt holds it). */
type Delivery = 'sent' | 'failed' | 'done before' | { retry: string };

/** A recipient Africa's Talking answered for without sending (an invalid number, a blacklist): the same send would be refused again. */
class RecipientRefused extends Error {}

const LAST_ERROR_MAX_LENGTH = 500;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX_LENGTH);

/** The money's trace as the shopper knows it: what the admin typed for an offline payment, else the provider's receipt. */
function paymentTraceOf(order: Order, payment: Payment | null): NotificationPayment {
  if (payment?.offlineMethod) return { method: payment.offlineMethod, reference: payment.offlineReference ?? '' };
  return { method: order.paymentMethod, reference: payment?.providerReceipt ?? payment?.providerReference ?? '' };
}

/**
 * Tells people of one event (a `notification.send` job): reads the order or account as it stands,
 * decides who hears on which channel, and sends each message at most once, keyed in MySQL by
 * (outbox event, channel, recipient) (docs/notifications.md).
 */
@Injectable()
export class NotificationsService implements OnApplicationShutdown {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sms: AfricasTalkingClient,
    private readonly mail: MailSender,
  ) {}

  /**
   * Sends what the event calls for and answers what became of it. Throws, for the queue to try
   * again with backoff, while any message is still to be sent; on the last try such a message is
   * marked failed instead, saying why.
   */
  async deliver(outboxEventId: number, job: NotifyJob, { lastTry }: { lastTry: boolean }): Promise<string> {
    const messages = await this.messagesOf(job);
    if (messages.length === 0) return 'nobody to tell';
    const deliveries: Delivery[] = [];
    for (const message of messages) deliveries.push(await this.deliverOnce(outboxEventId, message, lastTry));
    const pending = deliveries.flatMap((delivery) => (typeof delivery === 'object' ? [delivery.retry] : []));
    if (pending.length > 0) throw new Error(`${pending.length} of ${messages.length} messages not sent yet: ${pending.join('; ')}`);
    return deliveries.join(', ');
  }

  onApplicationShutdown(): void {
    this.mail.close();
  }

  private messagesOf(job: NotifyJob): Promise<Outgoing[]> {
    if ('userId' in job) return this.accountMail(job);
    if (job.kind === 'shopLowStock') return this.lowStock(job);
    return this.aboutOrder(job);
  }

  private async aboutOrder(job: OrderNotifyJob): Promise<Outgoing[]> {
    // find, not findOne: with a to-many relation, findOne's LIMIT costs TypeORM a second query.
    const [order] = await this.dataSource.getRepository(Order).find({ where: { id: job.orderId }, relations: { items: true, user: true } });
    if (!order) return [];
    const payment = await this.dataSource.getRepository(Payment).findOneBy({ orderId: order.id });
    const shopperUrl = this.link(ROUTES.shopAccountOrder(order.id));
    const facts = (orderUrl: string): OrderNotificationFacts => ({
      orderId: order.id,
      lines: [...order.items]
        .sort((a, b) => a.id - b.id)
        .map((item) => ({
          title: item.title,
          ...(item.variationLabel ? { variationLabel: item.variationLabel } : {}),
          quantity: item.quantity,
          lineTotal: item.unitPrice * item.quantity,
        })),
      deliveryFee: order.deliveryFee,
      total: order.totalAmount,
      orderUrl,
    });
    switch (job.kind) {
      case 'orderPaid': {
        const trace = paymentTraceOf(order, payment);
        return [
          ...this.toShopper(order, 'orderPaid', { ...facts(shopperUrl), payment: trace }),
          ...this.toShop(
            'shopOrderPaid',
            { ...facts(this.link(ROUTES.adminOrders)), payment: trace, shopperName: order.user.userName },
            order.id,
          ),
        ];
      }
      case 'paymentFailed':
      case 'orderExpired':
        return this.toShopper(order, job.kind, {
          ...facts(shopperUrl),
          reason: job.reason ?? payment?.failureReason ?? '',
          retryUrl: shopperUrl,
        });
      case 'orderShipped':
      case 'orderDelivered':
        return this.toShopper(order, job.kind, facts(shopperUrl));
      case 'orderCancelled': {
        const reason =
          job.reason ?? (order.orderStatus === 'rejected' ? MESSAGES.orders.rejectedByShop : MESSAGES.notifications.cancelledByShop);
        // Read now, not when the order closed: the transaction that closed it set what is owed after the move.
        const refundDue = payment?.refundDue && !payment.refundedAt ? payment.refundDue : undefined;
        return this.toShopper(order, 'orderCancelled', { ...facts(shopperUrl), reason, ...(refundDue ? { refundDue } : {}) });
      }
      case 'orderRefunded': {
        if (!payment?.refundedAt) return [];
        const refund = {
          amount: payment.refundedAmount ?? 0,
          ...(payment.refundReference ? { reference: payment.refundReference } : {}),
          refundedAt: payment.refundedAt.toISOString(),
        };
        return this.toShopper(order, 'orderRefunded', { ...facts(shopperUrl), refund });
      }
    }
  }

  private async lowStock(job: LowStockNotifyJob): Promise<Outgoing[]> {
    const product = await this.dataSource
      .getRepository(Product)
      .findOne({ where: { id: job.productId }, withDeleted: true, select: { id: true, title: true } });
    if (!product) return [];
    return this.toShop(
      'shopLowStock',
      {
        orderId: job.orderId,
        product: { title: product.title, unitsLeft: job.unitsLeft, lowStockLine: LIMITS.lowStockThreshold },
        productUrl: this.link(ROUTES.adminProducts),
      },
      job.orderId,
    );
  }

  /** Mails about the account go whatever its preferences, never to a deleted account; the link's token is issued as the mail is written. */
  private async accountMail({ kind, userId }: AccountNotifyJob): Promise<Outgoing[]> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    // Verified since the mail was asked for (the link of an earlier mail used): a new link would verify nothing.
    if (!user || user.deletedAt || (kind === 'emailVerification' && user.emailVerifiedAt)) return [];
    const path = kind === 'emailVerification' ? ROUTES.verifyEmail : ROUTES.resetPassword;
    const compose = async () => {
      const { token } = await inTransaction(this.dataSource, (manager) => issueAccountToken(manager, userId, kind));
      return renderAccountMail(kind, {
        userName: user.userName,
        linkUrl: `${this.link(path)}?${new URLSearchParams({ [ACCOUNT_LINK_TOKEN_PARAM]: token })}`,
        validForMs: ACCOUNT_TOKEN_TTL_MS[kind],
      });
    };
    return [{ kind, channel: 'email', recipient: user.email, orderId: null, userId, compose }];
  }

  /** The order's shopper, on the channels they chose: SMS to their own phone, else the order's delivery phone. */
  private toShopper<K extends Exclude<NotificationKind, 'shopOrderPaid' | 'shopLowStock'>>(
    order: Order,
    kind: K,
    data: NotificationData[K],
  ): Outgoing[] {
    const { user } = order;
    if (user.deletedAt) return [];
    const phone = user.notifyBySms ? kenyanMobileNumber(user.phone ?? order.addressInfo.phone) : null;
    return this.messages(
      kind,
      data,
      { sms: phone === null ? null : `+${phone}`, email: user.notifyByEmail ? user.email : null },
      order.id,
      user.id,
    );
  }

  private toShop<K extends 'shopOrderPaid' | 'shopLowStock'>(kind: K, data: NotificationData[K], orderId: number): Outgoing[] {
    return this.messages(kind, data, { sms: this.config.SHOP_NOTIFY_PHONE, email: this.config.SHOP_NOTIFY_EMAIL }, orderId, null);
  }

  private messages<K extends NotificationKind>(
    kind: K,
    data: NotificationData[K],
    to: Record<NotificationChannel, string | null>,
    orderId: number,
    userId: number | null,
  ): Outgoing[] {
    const rendered = renderNotification(kind, data);
    const outgoing: Outgoing[] = [];
    if (to.sms) outgoing.push({ kind, channel: 'sms', recipient: to.sms, orderId, userId, compose: () => Promise.resolve(rendered.sms) });
    if (to.email)
      outgoing.push({ kind, channel: 'email', recipient: to.email, orderId, userId, compose: () => Promise.resolve(rendered.email) });
    return outgoing;
  }

  private link(path: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}${path}`;
  }

  /**
   * The message's row is written `sending` if it is not there yet, which claims it; a row there
   * already is claimed by a conditional update from `pending` that only one attempt wins. Only the
   * claimant calls the provider. A row the
   * provider has (or may have) is never sent again: `sent`, `failed`, or `sending` past its time,
   * which becomes `failed` as its outcome is unknown.
   */
  private async deliverOnce(outboxEventId: number, message: Outgoing, lastTry: boolean): Promise<Delivery> {
    const notifications = this.dataSource.getRepository(Notification);
    const key = { outboxEventId, channel: message.channel, recipient: message.recipient };
    const ofKey = 'outboxEventId = :outboxEventId AND channel = :channel AND recipient = :recipient';
    const update = (changes: QueryDeepPartialEntity<Notification>, condition = '') =>
      notifications.createQueryBuilder().update().set(changes).where(`${ofKey}${condition}`, key).execute();

    const written = await notifications
      .createQueryBuilder()
      .insert()
      .values({ ...key, kind: message.kind, orderId: message.orderId, userId: message.userId, state: 'sending', attempts: 1 })
      .orIgnore()
      // An ignored insert has no id to read back.
      .updateEntity(false)
      .execute();
    // A new row is claimed as it is written; one there already only while it is pending (an earlier try could not send it).
    const claimed =
      (written.raw as { affectedRows: number }).affectedRows === 1 ||
      (await update({ state: 'sending', attempts: () => 'attempts + 1' }, " AND state = 'pending'")).affected === 1;
    if (!claimed) {
      const abandoned = await update(
        { state: 'failed', lastError: MESSAGES.notifications.outcomeUnknown },
        ` AND state = 'sending' AND updatedAt < CURRENT_TIMESTAMP(3) - INTERVAL ${SENDING_ABANDONED_AFTER_MS / 1000} SECOND`,
      );
      if (abandoned.affected === 1) return 'failed';
      const { state } = await notifications.findOneByOrFail(key);
      // Another attempt holds it (a duplicate of the event running now): this job looks again after its backoff.
      return state === 'sent' || state === 'failed'
        ? 'done before'
        : { retry: `${message.channel} to ${message.recipient} is being sent by another attempt` };
    }

    let providerMessageId: string;
    try {
      providerMessageId = await this.send(message);
    } catch (error) {
      if (error instanceof RecipientRefused || error instanceof SmsRefused || error instanceof MailRefused) {
        await update({ state: 'failed', lastError: errorText(error) });
        return 'failed';
      }
      // At most once: a message that may be on its way is not sent again, and a person is told why.
      if ((error instanceof SmsUnavailable || error instanceof MailUnavailable) && error.mayHaveSent) {
        await update({
          state: 'failed',
          lastError: MESSAGES.notifications.outcomeUnknownAfter(error.reason).slice(0, LAST_ERROR_MAX_LENGTH),
        });
        return 'failed';
      }
      // Unavailable, or not written at all: nothing reached the provider, so the message may go on the next try.
      const reason = errorText(error);
      await update(
        lastTry
          ? { state: 'failed', lastError: MESSAGES.notifications.outOfTries(reason).slice(0, LAST_ERROR_MAX_LENGTH) }
          : { state: 'pending', lastError: reason },
      );
      return { retry: `${message.channel} to ${message.recipient}: ${reason}` };
    }
    // Should this write fail, the row stays `sending` and a later attempt marks it failed, unsent again.
    await update({ state: 'sent', providerMessageId, sentAt: () => 'CURRENT_TIMESTAMP(3)', lastError: null });
    return 'sent';
  }

  private async send(message: Outgoing): Promise<string> {
    if (message.channel === 'email') return (await this.mail.send({ to: message.recipient, ...(await message.compose()) })).messageId;
    const [result] = await this.sms.send({ to: [message.recipient], message: await message.compose() });
    if (!result?.sent || !result.messageId)
      throw new RecipientRefused(MESSAGES.notifications.recipientRefused(result?.status ?? 'no answer', result?.statusCode ?? 0));
    return result.messageId;
  }
}
