import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { MESSAGES, type ApiSuccess, type NotificationRecord } from '@shop/contracts';
import { Public } from '../access/access.decorators.js';
import { idPipe } from '../common/id-pipe.js';
import { orRefuse } from '../common/refusals.js';
import { DeliveryReportTokenGuard } from './delivery-report-token.guard.js';
import { DeliveryReportDto } from './dto/delivery-report.dto.js';
import { NotificationsService } from './notifications.service.js';

/** Africa's Talking's delivery reports (NOTIFICATION_API.africasTalkingDeliveryReport): no session, the secret in the path; a form body (json-bodies.ts). */
@Public()
@Controller('notifications')
export class DeliveryReportsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Post('africastalking/delivery-report/:token')
  @UseGuards(DeliveryReportTokenGuard)
  @HttpCode(HttpStatus.OK)
  async africasTalking(@Body() report: DeliveryReportDto): Promise<{ success: true }> {
    await this.notifications.recordDeliveryReport(report);
    return { success: true };
  }
}

/** What was sent about one order, for the admin (admins only, by the /api/admin/ path). */
@Controller('admin/orders')
export class AdminOrderMessagesController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('messages/:id')
  async messages(@Param('id', idPipe(MESSAGES.orders.invalidId)) orderId: number): Promise<ApiSuccess<NotificationRecord[]>> {
    return { success: true, data: orRefuse(await this.notifications.ofOrder(orderId)) };
  }
}
