import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, ValidateIf } from 'class-validator';
import { LIMITS, MESSAGES } from '@shop/contracts';
import { UserNameField } from '../../auth/dto/credentials.fields.js';
import { Trimmed } from '../../common/field-decorators.js';

/** Left out, a field stays as it is; null is no name or choice, so only the phone may be null (it removes it). */
const Given = () => ValidateIf((_dto: object, value: unknown) => value !== undefined);

/** What the Profile tab changes. */
export class ProfileUpdateDto {
  @ApiPropertyOptional({ example: 'Wanjiku', maxLength: LIMITS.userNameMaxLength })
  @Given()
  @UserNameField()
  userName?: string;

  /** Whether it is a Kenyan mobile is for the service to say, as it keeps what it turns into (2547…), like an address's phone. */
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'A Kenyan mobile number as typed (07…, 01…, +254…); null or blank removes it',
    example: '0712 345 678',
  })
  @IsOptional()
  @Trimmed()
  @IsString({ message: MESSAGES.address.invalidPhone })
  phone?: string | null;

  @ApiPropertyOptional()
  @Given()
  @IsBoolean({ message: MESSAGES.account.notifyChoiceInvalid })
  notifyBySms?: boolean;

  @ApiPropertyOptional()
  @Given()
  @IsBoolean({ message: MESSAGES.account.notifyChoiceInvalid })
  notifyByEmail?: boolean;
}
