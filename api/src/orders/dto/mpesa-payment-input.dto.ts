import { ApiHideProperty, ApiProperty } from '@nestjs/swagger';
import { Allow, IsString } from 'class-validator';
import { MESSAGES, type MpesaPaymentInput } from '@shop/contracts';
import { ChosenAddressId } from './chosen-address-id.js';

/**
 * An M-Pesa checkout: the address and the phone the STK push goes to. The old client also sent the
 * amount, its own callback URL and the order: the amount is the server's total and the callback URL
 * is the shop's secret one, so those are accepted and ignored (but for the order's address id). Whether the phone is a Kenyan mobile
 * is the service's to say, as it keeps the 254… form.
 */
export class MpesaPaymentInputDto implements MpesaPaymentInput {
  @ApiProperty({ minimum: 1 })
  @ChosenAddressId()
  addressId!: number;

  @ApiProperty({ description: 'A Kenyan mobile number as typed: 07…, 01…, +254… or 254…', example: '0712 345 678' })
  @IsString({ message: MESSAGES.checkout.invalidPhone })
  phone!: string;

  @ApiHideProperty() @Allow() userId?: unknown;
  @ApiHideProperty() @Allow() amount?: unknown;
  @ApiHideProperty() @Allow() callbackUrl?: unknown;
  @ApiHideProperty() @Allow() orderData?: unknown;
}
