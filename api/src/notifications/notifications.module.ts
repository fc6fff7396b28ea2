import { Module } from '@nestjs/common';
import { DeliveryReportTokenGuard } from './delivery-report-token.guard.js';
import { AdminOrderMessagesController, DeliveryReportsController } from './notifications.controller.js';
import { NotificationsService } from './notifications.service.js';

@Module({
  controllers: [DeliveryReportsController, AdminOrderMessagesController],
  providers: [NotificationsService, DeliveryReportTokenGuard],
})
export class NotificationsModule {}
