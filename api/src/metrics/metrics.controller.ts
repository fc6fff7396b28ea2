import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../access/access.decorators.js';
import { ApiMetrics } from './api-metrics.js';
import { MetricsTokenGuard } from './metrics-token.guard.js';
import { ShopStateGauges } from './shop-state.gauges.js';

/**
 * Prometheus scrapes without a session, with METRICS_TOKEN as its bearer token. The figures are not
 * for the public: the edge proxy should not forward /api/metrics either (docs/runbook.md).
 */
@ApiTags('metrics')
@ApiBearerAuth()
@Public()
@UseGuards(MetricsTokenGuard)
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: ApiMetrics,
    private readonly shopState: ShopStateGauges,
  ) {}

  @Get()
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Prometheus text exposition format' })
  @ApiUnauthorizedResponse({ description: 'METRICS_TOKEN is set and the request does not carry it as its bearer token' })
  async scrape(@Res({ passthrough: true }) response: Response): Promise<string> {
    await this.shopState.refresh();
    response.type(this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}
