import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../access/access.decorators.js';
import { ApiMetrics } from './api-metrics.js';
import { ShopStateGauges } from './shop-state.gauges.js';

/**
 * Prometheus scrapes without a session. The figures are not for the public: the edge proxy must
 * not forward /api/metrics (docs/runbook.md).
 */
@ApiTags('metrics')
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: ApiMetrics,
    private readonly shopState: ShopStateGauges,
  ) {}

  @Get()
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Prometheus text exposition format' })
  async scrape(@Res({ passthrough: true }) response: Response): Promise<string> {
    await this.shopState.refresh();
    response.type(this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}
