import { Body, Controller, Headers, HttpCode, HttpStatus, Ip, Param, Post } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { Public } from '../access/access.decorators.js';
import { orRefuse } from '../common/business-failure.js';
import { callbackText } from './callback-bodies.js';
import { PaymentCallbacksService } from './payment-callbacks.service.js';

/** Daraja's acknowledgement: anything else makes Safaricom log the delivery as failed. */
export const MPESA_CALLBACK_ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

/**
 * The providers' callbacks (ORDER_API.mpesaCallback, ORDER_API.paypalWebhook): no session, the
 * body read as text (callback-bodies.ts), stored and answered at once; the workers act on it.
 */
@Public()
@Controller('shop')
export class PaymentCallbacksController {
  constructor(private readonly callbacks: PaymentCallbacksService) {}

  @Post('mpesa-callback/:token')
  @HttpCode(HttpStatus.OK)
  async mpesa(@Param('token') token: string, @Ip() sourceAddress: string, @Body() body: unknown): Promise<typeof MPESA_CALLBACK_ACCEPTED> {
    orRefuse(this.callbacks.admitMpesaSender(token, sourceAddress));
    orRefuse(await this.callbacks.receiveMpesa(callbackText(body)));
    return MPESA_CALLBACK_ACCEPTED;
  }

  @Post('paypal-webhook')
  @HttpCode(HttpStatus.OK)
  async paypal(@Headers() headers: IncomingHttpHeaders, @Body() body: unknown): Promise<{ success: true }> {
    orRefuse(await this.callbacks.receivePaypal(headers, callbackText(body)));
    return { success: true };
  }
}
