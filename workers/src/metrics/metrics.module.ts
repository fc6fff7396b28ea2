import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller.js';
import { WorkerMetrics } from './worker-metrics.js';

/** Prometheus' view of one worker process: GET /metrics on the health port (docs/runbook.md). */
@Module({ controllers: [MetricsController], providers: [WorkerMetrics], exports: [WorkerMetrics] })
export class MetricsModule {}
