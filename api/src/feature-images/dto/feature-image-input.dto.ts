import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';
import { MESSAGES } from '@shop/contracts';

export class FeatureImageInputDto {
  @ApiProperty({ description: 'The url an upload answered with' })
  @IsNotEmpty({ message: MESSAGES.variation.imageRequired })
  @IsString({ message: MESSAGES.variation.imageRequired })
  image!: string;
}
