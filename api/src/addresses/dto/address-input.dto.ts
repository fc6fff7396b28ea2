import { applyDecorators } from '@nestjs/common';
import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { LIMITS, MESSAGES, type AddressInput } from '@shop/contracts';
import { MaxCharacters, Trimmed } from '../../common/field-decorators.js';

/** Required and non-blank once trimmed: the one message the old form gave for any missing field. */
function RequiredText(): PropertyDecorator {
  return applyDecorators(
    Trimmed(),
    IsNotEmpty({ message: MESSAGES.address.requiredFieldsMissing }),
    IsString({ message: MESSAGES.address.requiredFieldsMissing }),
  );
}

/**
 * A delivery address (add and update). The old client also sent the composed `address` and
 * sometimes a `deliveryFee`: the server builds the one and prices the other from the zone table, so
 * both are accepted and ignored. A userId must be the caller's (the access guard checks it).
 * Whether the place is in the zone table and the phone a Kenyan mobile is for the service to say,
 * as it keeps what they turn into (the fee, the 254… number).
 */
export class AddressInputDto implements AddressInput {
  @ApiProperty({ example: 'Nairobi' })
  @RequiredText()
  county!: string;

  @ApiProperty({ example: 'Westlands' })
  @RequiredText()
  subCounty!: string;

  @ApiProperty({ example: 'Parklands' })
  @RequiredText()
  location!: string;

  @ApiProperty({ maxLength: LIMITS.specificAddressMaxLength, example: 'Apartment 4B, 3rd Parklands Avenue' })
  @RequiredText()
  @MaxCharacters(LIMITS.specificAddressMaxLength, MESSAGES.address.fieldTooLong('Specific address', LIMITS.specificAddressMaxLength))
  specificAddress!: string;

  @ApiProperty({ description: 'A Kenyan mobile number as typed: 07…, 01…, +254… or 254…', example: '0712 345 678' })
  @RequiredText()
  phone!: string;

  @ApiPropertyOptional({ maxLength: LIMITS.addressNotesMaxLength })
  @IsOptional()
  @Trimmed()
  @MaxCharacters(LIMITS.addressNotesMaxLength, MESSAGES.address.fieldTooLong('Notes', LIMITS.addressNotesMaxLength))
  @IsString({ message: MESSAGES.server.validationFailed })
  notes?: string;

  @ApiHideProperty()
  @Allow()
  userId?: number;

  @ApiPropertyOptional({ deprecated: true, description: 'Ignored: the server composes the address' })
  @Allow()
  address?: unknown;

  @ApiPropertyOptional({ deprecated: true, description: 'Ignored: the fee comes from the zone table' })
  @Allow()
  deliveryFee?: unknown;
}
