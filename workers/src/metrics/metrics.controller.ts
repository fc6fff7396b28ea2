import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { WorkerMetrics } from './worker-metrics.js';

/**
 * Beside /health on the workers' port. Queue depths, the outbox and the heartbeat are the api's
 * series (docs/runbook.md): they describe the shop, not this process.
 */
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: WorkerMetrics) {}

  @Get()
  async scrape(@Res({ passthrough: true }) response: Response): Promise<string> {
    response.type(this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}
