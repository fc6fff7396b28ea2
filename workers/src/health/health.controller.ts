import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { HealthState } from '@shop/contracts';
import { probe, REDIS_CLIENT } from '@shop/infrastructure';

export interface WorkersHealthReport {
  status: 'ok' | 'error';
  mysql: HealthState;
  redis: HealthState;
}

/**
 * The workers' only HTTP surface: health for people, liveness and readiness for the orchestrator.
 * Each check has its own timeout: the workers' Redis client waits for Redis to come back, and an
 * outage must still be answered. Readiness has no draining state, unlike the api's: Nest closes this
 * server as soon as shutdown begins, before the workers finish their jobs, so none could be seen.
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  /** For people: MySQL and Redis. Also readiness: nothing else decides whether the workers can take jobs. */
  @Get(['', 'ready'])
  async check(@Res({ passthrough: true }) response: Response): Promise<WorkersHealthReport> {
    const [mysql, redis] = await Promise.all([probe(() => this.dataSource.query('SELECT 1')), probe(() => this.redis.ping())]);
    const healthy = mysql === 'up' && redis === 'up';
    response.status(healthy ? 200 : 503);
    return { status: healthy ? 'ok' : 'error', mysql, redis };
  }

  /** The process answers; nothing else is checked, since restarting it would not bring MySQL or Redis back. */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
