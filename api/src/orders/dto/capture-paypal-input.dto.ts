import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { MESSAGES, type CapturePaypalInput } from '@shop/contracts';
import { MaxCharacters, RecordId } from '../../common/field-decorators.js';

/** PayPal's ids are short; the payment's reference and payer columns are VARCHAR(100). */
export const PAYPAL_REFERENCE_MAX_LENGTH = 100;

/**
 * The PayPal return page's capture request: the order id it kept, PayPal's order id from the return
 * URL (`token`, or `paymentId` as the old client called it) and the payer's id.
 */
export class CapturePaypalInputDto implements CapturePaypalInput {
  @ApiProperty({ minimum: 1 })
  @RecordId(MESSAGES.orders.invalidId)
  orderId!: number;

  @ApiPropertyOptional({ description: "PayPal's order id (the return URL's token)" })
  @IsOptional()
  @IsString({ message: MESSAGES.checkout.paypalReturnInvalid })
  @MaxCharacters(PAYPAL_REFERENCE_MAX_LENGTH, MESSAGES.checkout.paypalReturnInvalid)
  token?: string;

  @ApiPropertyOptional({ deprecated: true, description: 'The old name of token' })
  @IsOptional()
  @IsString({ message: MESSAGES.checkout.paypalReturnInvalid })
  @MaxCharacters(PAYPAL_REFERENCE_MAX_LENGTH, MESSAGES.checkout.paypalReturnInvalid)
  paymentId?: string;

  @ApiPropertyOptional({ description: "The return URL's PayerID" })
  @IsOptional()
  @IsString({ message: MESSAGES.checkout.paypalReturnInvalid })
  @MaxCharacters(PAYPAL_REFERENCE_MAX_LENGTH, MESSAGES.checkout.paypalReturnInvalid)
  payerId?: string;
}
