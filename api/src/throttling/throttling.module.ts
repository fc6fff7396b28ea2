import { Global, Module } from '@nestjs/common';
import { RateLimitsService } from './rate-limits.service.js';

/** The abuse limits, for any module whose routes an attacker would repeat. */
@Global()
@Module({ providers: [RateLimitsService], exports: [RateLimitsService] })
export class ThrottlingModule {}
