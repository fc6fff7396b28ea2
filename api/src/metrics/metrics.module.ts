import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { ApiMetrics } from './api-metrics.js';
import { HttpMetricsMiddleware } from './http-metrics.middleware.js';
import { MetricsTokenGuard } from './metrics-token.guard.js';
import { MetricsController } from './metrics.controller.js';
import { ShopStateGauges } from './shop-state.gauges.js';

/** Prometheus' view of the api: GET /api/metrics, behind METRICS_TOKEN (docs/runbook.md). */
@Module({
  imports: [RealtimeModule],
  controllers: [MetricsController],
  providers: [ApiMetrics, ShopStateGauges, HttpMetricsMiddleware, MetricsTokenGuard],
  exports: [ApiMetrics],
})
export class MetricsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes('{*path}');
  }
}
