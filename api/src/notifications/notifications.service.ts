import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MESSAGES, SMS_FINAL_DELIVERY_STATUSES, type NotificationKind, type NotificationRecord } from '@shop/contracts';
import { Notification, Order, Refusal } from '@shop/db';
import type { DeliveryReportDto } from './dto/delivery-report.dto.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

function recordOf(row: Notification): NotificationRecord {
  return {
    id: row.id,
    // Rows about an order are of order kinds only; account mails have no order.
    kind: row.kind as NotificationKind,
    channel: row.channel,
    recipient: row.recipient,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: iso(row.sentAt),
    deliveryStatus: row.deliveryStatus,
    deliveryFailureReason: row.deliveryFailureReason,
    deliveryReportedAt: iso(row.deliveryReportedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The messages the workers sent about orders: Africa's Talking's delivery reports in, the admin's list out. */
@Injectable()
export class NotificationsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Stored on the SMS Africa's Talking named; a report of a message the shop does not know (another
   * app's on the same account, or one long pruned) changes nothing and is still acknowledged, or
   * Africa's Talking would keep posting it. A final status replaces any report; one on the way
   * (Sent, Submitted, Buffered) arriving late, after the final one, is ignored, in the same
   * statement, so two reports at once cannot undo the final one either.
   */
  async recordDeliveryReport(report: DeliveryReportDto): Promise<void> {
    const update = this.dataSource
      .createQueryBuilder()
      .update(Notification)
      .set({ deliveryStatus: report.status, deliveryFailureReason: report.failureReason || null, deliveryReportedAt: new Date() })
      .where({ providerMessageId: report.id, channel: 'sms' });
    if (!SMS_FINAL_DELIVERY_STATUSES.includes(report.status)) {
      update.andWhere('(deliveryStatus IS NULL OR deliveryStatus NOT IN (:...finalStatuses))', {
        finalStatuses: SMS_FINAL_DELIVERY_STATUSES,
      });
    }
    await update.execute();
  }

  async ofOrder(orderId: number): Promise<NotificationRecord[] | Refusal> {
    if (!(await this.dataSource.getRepository(Order).existsBy({ id: orderId })))
      return new Refusal('ORDER_NOT_FOUND', MESSAGES.orders.notFound);
    const rows = await this.dataSource.getRepository(Notification).find({ where: { orderId }, order: { id: 'DESC' } });
    return rows.map(recordOf);
  }
}
