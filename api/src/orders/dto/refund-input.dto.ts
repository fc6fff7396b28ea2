import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { LIMITS, MESSAGES, type RefundInput } from '@shop/contracts';
import { MaxCharacters, Trimmed } from '../../common/field-decorators.js';

/** The admin's refund: PayPal's goes through its API; any other names the refund the admin sent. */
export class RefundInputDto implements RefundInput {
  @ApiPropertyOptional({
    description: 'The M-Pesa or bank reference of the refund sent; not needed for PayPal',
    maxLength: LIMITS.paymentReferenceMaxLength,
  })
  @IsOptional()
  @Trimmed()
  @IsString({ message: MESSAGES.orders.refundReferenceRequired })
  @MaxCharacters(LIMITS.paymentReferenceMaxLength, MESSAGES.orders.refundReferenceRequired)
  reference?: string;

  @ApiPropertyOptional({ maxLength: LIMITS.paymentNoteMaxLength })
  @IsOptional()
  @Trimmed()
  @IsString({ message: MESSAGES.orders.noteTooLong(LIMITS.paymentNoteMaxLength) })
  @MaxCharacters(LIMITS.paymentNoteMaxLength, MESSAGES.orders.noteTooLong(LIMITS.paymentNoteMaxLength))
  note?: string;
}
