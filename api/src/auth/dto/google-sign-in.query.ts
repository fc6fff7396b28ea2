import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { MESSAGES } from '@shop/contracts';

export class GoogleSignInQuery {
  @ApiPropertyOptional({ description: "A path of the shop's web app to come back to after signing in", example: '/shop/listing' })
  @IsOptional()
  @IsString({ message: MESSAGES.googleSignIn.failed })
  @MaxLength(2048, { message: MESSAGES.googleSignIn.failed })
  returnTo?: string;
}
