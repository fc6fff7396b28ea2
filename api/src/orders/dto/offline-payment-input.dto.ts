import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { LIMITS, MESSAGES, OFFLINE_PAYMENT_METHODS, type OfflinePaymentInput, type OfflinePaymentMethod } from '@shop/contracts';
import { MaxCharacters, Trimmed } from '../../common/field-decorators.js';

/** Money that reached the shop by hand (cash on delivery, the till, a bank transfer), as the admin records it. */
export class OfflinePaymentInputDto implements OfflinePaymentInput {
  @ApiProperty({ enum: OFFLINE_PAYMENT_METHODS })
  @IsIn(OFFLINE_PAYMENT_METHODS, { message: MESSAGES.orders.offlineMethodRequired })
  method!: OfflinePaymentMethod;

  @ApiProperty({ description: 'The receipt or transaction number', maxLength: LIMITS.paymentReferenceMaxLength })
  @Trimmed()
  @IsString({ message: MESSAGES.orders.offlineReferenceRequired })
  @IsNotEmpty({ message: MESSAGES.orders.offlineReferenceRequired })
  @MaxCharacters(LIMITS.paymentReferenceMaxLength, MESSAGES.orders.offlineReferenceRequired)
  reference!: string;

  @ApiPropertyOptional({ maxLength: LIMITS.paymentNoteMaxLength })
  @IsOptional()
  @Trimmed()
  @IsString({ message: MESSAGES.orders.noteTooLong(LIMITS.paymentNoteMaxLength) })
  @MaxCharacters(LIMITS.paymentNoteMaxLength, MESSAGES.orders.noteTooLong(LIMITS.paymentNoteMaxLength))
  note?: string;
}
