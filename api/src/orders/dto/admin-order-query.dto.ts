import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { MESSAGES, ORDER_STATUSES, type AdminOrderQuery, type OrderStatus } from '@shop/contracts';
import { PageQueryDto } from '../../catalogue/dto/page.query.js';

/** The admin's order list: one status or all, a page at a time. */
export class AdminOrderQueryDto extends PageQueryDto implements AdminOrderQuery {
  @ApiPropertyOptional({ enum: ORDER_STATUSES })
  @IsOptional()
  @IsIn(ORDER_STATUSES, { message: MESSAGES.orders.unknownStatus })
  status?: OrderStatus;
}
