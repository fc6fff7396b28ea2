import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { MESSAGES } from '@shop/contracts';
import { MaxCharacters, RecordId } from '../../common/field-decorators.js';
import { PAYPAL_REFERENCE_MAX_LENGTH } from './capture-paypal-input.dto.js';

/** PayPal's cancel return: the order id the return page kept and PayPal's order id from the return URL (`token`). */
export class PaypalCancelInputDto {
  @ApiProperty({ minimum: 1 })
  @RecordId(MESSAGES.orders.invalidId)
  orderId!: number;

  @ApiProperty({ description: "PayPal's order id (the cancel return URL's token)" })
  @IsString({ message: MESSAGES.checkout.paypalReturnInvalid })
  @MaxCharacters(PAYPAL_REFERENCE_MAX_LENGTH, MESSAGES.checkout.paypalReturnInvalid)
  token!: string;
}
