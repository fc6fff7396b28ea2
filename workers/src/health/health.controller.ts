import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { HealthState } from '@shop/contracts';
import { REDIS_CLIENT, probe } from '@shop/infrastructure';

export interface WorkersHealthReport {
  status: 'ok' | 'error';
  mysql: HealthState;
  redis: HealthState;
}

/**
 * The workers' only HTTP surface: liveness for the orchestrator. Each check has its own timeout:
 * the workers' Redis client waits for Redis to come back, and an outage must still be answered.
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  @Get()
  async check(@Res({ passthrough: true }) response: Response): Promise<WorkersHealthReport> {
    const [mysql, redis] = await Promise.all([probe(() => this.dataSource.query('SELECT 1')), probe(() => this.redis.ping())]);
    const healthy = mysql === 'up' && redis === 'up';
    response.status(healthy ? 200 : 503);
    return { status: healthy ? 'ok' : 'error', mysql, redis };
  }
}
