import type { IncomingHttpHeaders } from 'node:http';
import { Body, Controller, Headers, HttpCode, HttpStatus, Ip, Param, Post } from '@nestjs/common';
import { ClientAddress, Public } from '../access/access.decorators.js';
import { orRefuse } from '../common/refusals.js';
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

  /**
   * The CallBackURL of one STK push attempt. Pushes made before attempts had keys of their own call
   * back without one; they are found by CheckoutRequestID.
   */
  @Post('mpesa-callback/:token{/:attemptKey}')
  @HttpCode(HttpStatus.OK)
  async mpesa(
    @Param('token') token: string,
    @Param('attemptKey') attemptKey: string | undefined,
    @Ip() sourceAddress: string,
    @Body() body: unknown,
  ): Promise<typeof MPESA_CALLBACK_ACCEPTED> {
    orRefuse(this.callbacks.admitMpesaSender(token, sourceAddress, attemptKey));
    orRefuse(await this.callbacks.receiveMpesa(callbackText(body), attemptKey ?? null));
    return MPESA_CALLBACK_ACCEPTED;
  }

  /** The Transaction Status API's ResultURL and QueueTimeOutURL of one attempt: how a receipt the STK query does not tell arrives. */
  @Post('mpesa-status-result/:token/:attemptKey')
  @HttpCode(HttpStatus.OK)
  async mpesaStatusResult(
    @Param('token') token: string,
    @Param('attemptKey') attemptKey: string,
    @Ip() sourceAddress: string,
    @Body() body: unknown,
  ): Promise<typeof MPESA_CALLBACK_ACCEPTED> {
    orRefuse(this.callbacks.admitMpesaSender(token, sourceAddress, attemptKey));
    orRefuse(await this.callbacks.receiveMpesaStatusResult(callbackText(body), attemptKey));
    return MPESA_CALLBACK_ACCEPTED;
  }

  @Post('paypal-webhook')
  @HttpCode(HttpStatus.OK)
  async paypal(
    @Headers() headers: IncomingHttpHeaders,
    @ClientAddress() clientAddress: string,
    @Body() body: unknown,
  ): Promise<{ success: true }> {
    orRefuse(await this.callbacks.receivePaypal(headers, callbackText(body), clientAddress));
    return { success: true };
  }
}
