import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DashboardSummary } from '@shop/contracts';
import { DashboardService } from './dashboard.service.js';

@ApiTags('admin')
@Controller('admin/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  async summary(): Promise<{ success: true; data: DashboardSummary }> {
    return { success: true, data: await this.dashboard.summary() };
  }
}
