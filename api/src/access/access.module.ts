import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard.js';
import { SessionService } from './session.service.js';

/** Sessions and the global access guard: every module's routes are guarded without asking. */
@Module({
  providers: [SessionService, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [SessionService],
})
export class AccessModule {}
