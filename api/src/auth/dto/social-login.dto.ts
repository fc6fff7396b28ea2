import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsJWT, IsOptional } from 'class-validator';
import { MESSAGES } from '@shop/contracts';

export class SocialLoginDto {
  @ApiProperty({ description: 'An OpenID Connect ID token issued to the shop by the configured issuer (Google)' })
  @IsJWT({ message: MESSAGES.googleSignIn.tokenRejected })
  token!: string;

  @ApiPropertyOptional({ enum: ['google'] })
  @IsOptional()
  @IsIn(['google'], { message: MESSAGES.googleSignIn.failed })
  provider?: 'google';
}
