import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { EmailLinksService } from './email-links.service.js';
import { GoogleIdentityService } from './google-identity.service.js';
import { LoginThrottleService } from './login-throttle.service.js';

@Module({
  imports: [AccessModule, RealtimeModule],
  controllers: [AuthController],
  providers: [AuthService, EmailLinksService, GoogleIdentityService, LoginThrottleService],
  // The account page asks for the password again through the same throttle as sign-in.
  exports: [AuthService],
})
export class AuthModule {}
