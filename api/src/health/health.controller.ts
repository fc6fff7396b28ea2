import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { HealthReport } from '@shop/contracts';
import { Public } from '../access/access.decorators.js';
import { HealthService } from './health.service.js';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOkResponse({ description: 'MySQL, Redis and every queue answer' })
  @ApiServiceUnavailableResponse({ description: 'At least one of them does not' })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
    const report = await this.health.report();
    response.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
