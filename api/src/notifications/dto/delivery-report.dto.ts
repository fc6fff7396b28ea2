import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { MESSAGES } from '@shop/contracts';
import { MaxCharacters } from '../../common/field-decorators.js';
import { IgnoresUnknownFields } from '../../common/validation.pipe.js';

const invalid = MESSAGES.notifications.invalidReport;

/**
 * Africa's Talking's SMS delivery report, as the form fields it posts. Lengths are the columns'
 * (providerMessageId, deliveryStatus, deliveryFailureReason) or generous bounds for what is only read.
 * A field Africa's Talking adds later (a cost, say) is dropped: refused, the report would be posted again forever.
 */
@IgnoresUnknownFields()
export class DeliveryReportDto {
  /** The messageId the send answered with. */
  @IsString({ message: invalid })
  @IsNotEmpty({ message: invalid })
  @MaxCharacters(255, invalid)
  id!: string;

  /** Sent, Submitted, Buffered on the way; Success, Failed, Rejected final (SMS_FINAL_DELIVERY_STATUSES). */
  @IsString({ message: invalid })
  @IsNotEmpty({ message: invalid })
  @MaxCharacters(40, invalid)
  status!: string;

  @IsOptional()
  @IsString({ message: invalid })
  @MaxCharacters(20, invalid)
  phoneNumber?: string;

  @IsOptional()
  @IsString({ message: invalid })
  @MaxCharacters(10, invalid)
  networkCode?: string;

  /** Only for a failed or rejected message: AbsentSubscriber, DeliveryFailure, UserInBlackList… */
  @IsOptional()
  @IsString({ message: invalid })
  @MaxCharacters(100, invalid)
  failureReason?: string;

  @IsOptional()
  @IsString({ message: invalid })
  @MaxCharacters(10, invalid)
  retryCount?: string;
}
