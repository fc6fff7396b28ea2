import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class GoogleSignInQuery {
  @ApiPropertyOptional({ description: "A path of the shop's web app to come back to after signing in", example: '/shop/listing' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  returnTo?: string;
}
