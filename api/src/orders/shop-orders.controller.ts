import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  MESSAGES,
  type ApiSuccess,
  type MpesaPaymentAnswer,
  type OrderDetails,
  type Order as OrderView,
  type PaypalOrderAnswer,
  type PaypalQuote,
  type SessionUser,
} from '@shop/contracts';
import { ClientAddress, CurrentUser } from '../access/access.decorators.js';
import { idPipe } from '../common/id-pipe.js';
import { orRefuse } from '../common/refusals.js';
import { CheckoutService } from './checkout.service.js';
import { CapturePaypalInputDto } from './dto/capture-paypal-input.dto.js';
import { MpesaPaymentInputDto } from './dto/mpesa-payment-input.dto.js';
import { PaypalCancelInputDto } from './dto/paypal-cancel-input.dto.js';
import { PlaceOrderInputDto } from './dto/place-order-input.dto.js';
import { OrderPlacementService } from './order-placement.service.js';
import { OrdersService } from './orders.service.js';

/**
 * Orders, shopper side: paying by PayPal or M-Pesa, the PayPal capture, and the shopper's
 * own orders. A userId in a path must be the caller's (access guard); the orders are the session's.
 */
@Controller('shop')
export class ShopOrdersController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly placement: OrderPlacementService,
    private readonly orders: OrdersService,
  ) {}

  /** What PayPal will charge for the cart delivered to this address, shown before the shopper leaves for PayPal. */
  @Get('order/paypal-quote/:addressId')
  async paypalQuote(
    @CurrentUser() shopper: SessionUser,
    @Param('addressId', idPipe(MESSAGES.checkout.noAddressSelected)) addressId: number,
  ): Promise<ApiSuccess<PaypalQuote>> {
    return { success: true, data: orRefuse(await this.placement.paypalQuote(shopper.id, addressId)) };
  }

  @Post('order/create')
  async createPaypalOrder(
    @CurrentUser() shopper: SessionUser,
    @ClientAddress() clientAddress: string,
    @Body() input: PlaceOrderInputDto,
  ): Promise<PaypalOrderAnswer> {
    const { orderId, approvalUrl } = orRefuse(await this.checkout.startPaypal(shopper, clientAddress, input.addressId));
    return { success: true, approvalURL: approvalUrl, orderId };
  }

  /** 202 when a capture was queued; 200 when there was nothing to queue (paid already, or a capture under way). */
  @Post('order/capture')
  async capturePaypalOrder(
    @CurrentUser() shopper: SessionUser,
    @ClientAddress() clientAddress: string,
    @Body() input: CapturePaypalInputDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ApiSuccess<OrderView>> {
    const { order, queued } = orRefuse(await this.checkout.requestCapture(shopper, clientAddress, input));
    response.status(queued ? HttpStatus.ACCEPTED : HttpStatus.OK);
    return { success: true, data: order };
  }

  /** 201 when Daraja took the push; 202 when it did not answer, and the push may still reach the phone. */
  @Post('payment')
  async startMpesaPayment(
    @CurrentUser() shopper: SessionUser,
    @ClientAddress() clientAddress: string,
    @Body() input: MpesaPaymentInputDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MpesaPaymentAnswer> {
    const started = orRefuse(await this.checkout.startMpesa(shopper, clientAddress, input));
    if (started.checkoutRequestId === null) {
      response.status(HttpStatus.ACCEPTED);
      return { success: true, message: MESSAGES.checkout.mpesaPushUnconfirmed, data: started };
    }
    return { success: true, message: MESSAGES.checkout.mpesaInitiated, data: started };
  }

  /** PayPal's cancel return: the order closes at once and its units go back on the shelf. */
  @Post('order/paypal-cancel')
  @HttpCode(HttpStatus.OK)
  async paypalCancelled(@CurrentUser() shopper: SessionUser, @Body() input: PaypalCancelInputDto): Promise<ApiSuccess<OrderDetails>> {
    return {
      success: true,
      data: orRefuse(
        await this.orders.cancelByShopper(shopper, input.orderId, {
          reason: MESSAGES.payment.paypalCancelled,
          paypalReference: input.token,
        }),
      ),
    };
  }

  @Post('order/cancel/:orderId')
  @HttpCode(HttpStatus.OK)
  async cancel(
    @CurrentUser() shopper: SessionUser,
    @Param('orderId', idPipe(MESSAGES.orders.invalidId)) orderId: number,
  ): Promise<ApiSuccess<OrderDetails>> {
    return { success: true, data: orRefuse(await this.orders.cancelByShopper(shopper, orderId)) };
  }

  @Get('order/list/:userId')
  async list(@CurrentUser() shopper: SessionUser): Promise<ApiSuccess<OrderView[]>> {
    return { success: true, data: await this.orders.ordersOf(shopper.id) };
  }

  @Get('order/details/:orderId')
  async details(
    @CurrentUser() shopper: SessionUser,
    @Param('orderId', idPipe(MESSAGES.orders.invalidId)) orderId: number,
  ): Promise<ApiSuccess<OrderDetails>> {
    return { success: true, data: orRefuse(await this.orders.orderOf(shopper.id, orderId)) };
  }
}
