import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { ADMIN_SELECTABLE_ORDER_STATUSES, MESSAGES, type OrderStatus, type OrderStatusInput } from '@shop/contracts';

/** The statuses of the admin's order dialog (spec §2); confirmed and cancelled are the shop's to set. */
export class OrderStatusInputDto implements OrderStatusInput {
  @ApiProperty({ enum: ADMIN_SELECTABLE_ORDER_STATUSES })
  @IsIn(ADMIN_SELECTABLE_ORDER_STATUSES, { message: MESSAGES.orders.unknownStatus })
  orderStatus!: OrderStatus;
}
