import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { MESSAGES, type AdminOrderPage, type ApiSuccess, type OrderDetails, type SessionUser } from '@shop/contracts';
import { CurrentUser } from '../access/access.decorators.js';
import { idPipe } from '../common/id-pipe.js';
import { orRefuse } from '../common/refusals.js';
import { AdminOrderQueryDto } from './dto/admin-order-query.dto.js';
import { OfflinePaymentInputDto } from './dto/offline-payment-input.dto.js';
import { OrderStatusInputDto } from './dto/order-status-input.dto.js';
import { RefundInputDto } from './dto/refund-input.dto.js';
import { OrderPaymentsService } from './order-payments.service.js';
import { OrdersService } from './orders.service.js';

const orderId = idPipe(MESSAGES.orders.invalidId);

/** Admin orders (admins only, by the /api/admin/ path): every shopper's orders, newest first, their status and their money. */
@Controller('admin/orders')
export class AdminOrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly payments: OrderPaymentsService,
  ) {}

  @Get('get')
  async list(@Query() { status, page, pageSize }: AdminOrderQueryDto): Promise<AdminOrderPage> {
    const { orders, total } = await this.orders.page(status, page, pageSize);
    return { success: true, data: orders, pagination: { total, page, pageSize } };
  }

  @Get('details/:id')
  async details(@Param('id', orderId) id: number): Promise<ApiSuccess<OrderDetails>> {
    return { success: true, data: orRefuse(await this.orders.adminOrder(id)) };
  }

  @Post('payment/:id')
  @HttpCode(HttpStatus.OK)
  async recordPayment(
    @CurrentUser() admin: SessionUser,
    @Param('id', orderId) id: number,
    @Body() input: OfflinePaymentInputDto,
  ): Promise<ApiSuccess<OrderDetails>> {
    return { success: true, message: MESSAGES.orders.paymentRecorded, data: orRefuse(await this.payments.recordOffline(admin, id, input)) };
  }

  @Post('refund/:id')
  @HttpCode(HttpStatus.OK)
  async refund(
    @CurrentUser() admin: SessionUser,
    @Param('id', orderId) id: number,
    @Body() input: RefundInputDto,
  ): Promise<ApiSuccess<OrderDetails>> {
    return { success: true, message: MESSAGES.orders.refundRecorded, data: orRefuse(await this.payments.refund(admin, id, input)) };
  }

  @Put('update/:id')
  async update(
    @CurrentUser() admin: SessionUser,
    @Param('id', orderId) id: number,
    @Body() { orderStatus }: OrderStatusInputDto,
  ): Promise<ApiSuccess<OrderDetails>> {
    return {
      success: true,
      message: MESSAGES.orders.statusUpdated,
      data: orRefuse(await this.orders.updateStatus(admin, id, orderStatus)),
    };
  }
}
