import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { ADMIN_SELECTABLE_ORDER_STATUSES, MESSAGES, type OrderStatus, type OrderStatusInput } from '@shop/contracts';

/** A status the admin may ask for; the transition table decides whether the order may take it now. */
export class OrderStatusInputDto implements OrderStatusInput {
  @ApiProperty({ enum: ADMIN_SELECTABLE_ORDER_STATUSES })
  @IsIn(ADMIN_SELECTABLE_ORDER_STATUSES, { message: MESSAGES.orders.unknownStatus })
  orderStatus!: OrderStatus;
}
