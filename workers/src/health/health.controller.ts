import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS_CLIENT } from '@shop/infrastructure';

/** The workers' only HTTP surface: liveness for the orchestrator. */
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  @Get()
  async check(@Res({ passthrough: true }) response: Response): Promise<{ status: 'ok' | 'error'; mysql: boolean; redis: boolean }> {
    const [mysql, redis] = await Promise.all([
      this.dataSource.query('SELECT 1').then(() => true, () => false),
      this.redis.ping().then(() => true, () => false),
    ]);
    response.status(mysql && redis ? 200 : 503);
    return { status: mysql && redis ? 'ok' : 'error', mysql, redis };
  }
}
