import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AppConfig } from '@shop/config';
import { MESSAGES } from '@shop/contracts';
import { APP_CONFIG } from '@shop/infrastructure';
import { refuse } from '../common/refusals.js';
import { sameSecret } from '../common/secrets.js';

/**
 * AT_DELIVERY_REPORT_TOKEN in the delivery-report path, checked before the body is validated: a
 * report to any other token is answered as no route whatever it holds, so the route does not show.
 */
@Injectable()
export class DeliveryReportTokenGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const { token } = context.switchToHttp().getRequest<Request<{ token: string }>>().params;
    if (sameSecret(token, this.config.AT_DELIVERY_REPORT_TOKEN)) return true;
    refuse('NOT_FOUND', MESSAGES.server.notFound);
  }
}
