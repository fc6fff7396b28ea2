import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { HealthReport, ReadinessReport } from '@shop/contracts';
import { Public } from '../access/access.decorators.js';
import { HealthService } from './health.service.js';

/** Probes read the status code alone; people read the report. */
function answer<Report extends { status: 'ok' | 'error' }>(response: Response, report: Report): Report {
  response.status(report.status === 'ok' ? 200 : 503);
  return report;
}

/** People read `/api/health`; an orchestrator or load balancer probes `live` and `ready`. */
@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOkResponse({ description: 'MySQL, Redis and every queue answer' })
  @ApiServiceUnavailableResponse({ description: 'At least one of them does not' })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
    return answer(response, await this.health.report());
  }

  @Get('live')
  @ApiOkResponse({ description: 'The process answers. Nothing else is checked: restarting it would not bring MySQL or Redis back' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOkResponse({ description: 'MySQL and Redis answer, this instance hears live updates, and it is not shutting down' })
  @ApiServiceUnavailableResponse({ description: 'One of them is not so: send new requests to another instance' })
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadinessReport> {
    return answer(response, await this.health.readiness());
  }
}
