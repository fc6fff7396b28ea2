import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query, type PipeTransform } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  MESSAGES,
  QUEUE_NAMES,
  type ApiSuccess,
  type FailedJobAction,
  type FailedJobPage,
  type QueueName,
  type QueuesSnapshot,
  type RetriedJobs,
  type SessionUser,
} from '@shop/contracts';
import { CurrentUser } from '../access/access.decorators.js';
import { PageQueryDto } from '../catalogue/dto/page.query.js';
import { orRefuse, refuse } from '../common/refusals.js';
import { QueueConsoleService } from './queue-console.service.js';

/** A queue the shop has, or 404: the path names no other Redis keys. */
const queueName: PipeTransform<string, QueueName> = {
  transform(value) {
    if (!(QUEUE_NAMES as readonly string[]).includes(value)) refuse('QUEUE_NOT_FOUND', MESSAGES.operations.unknownQueue);
    return value as QueueName;
  },
};

/** BullMQ ids here are outbox ids (`outbox-12`) or BullMQ's own numbers. */
const jobId: PipeTransform<string, string> = {
  transform(value) {
    if (!/^[\w:.-]{1,100}$/.test(value))
      refuse('VALIDATION_FAILED', MESSAGES.operations.invalidJobId, {
        fields: [{ field: 'jobId', message: MESSAGES.operations.invalidJobId }],
      });
    return value;
  },
};

/**
 * The queue console (admins only, by the /api/admin/ path): figures, failed jobs, and what to do with
 * them. The only place jobs are retried or removed (Bull Board is read-only), each time in the audit.
 */
@ApiTags('admin')
@Controller('admin/queues')
export class QueueConsoleController {
  constructor(private readonly console: QueueConsoleService) {}

  @Get('snapshot')
  async snapshot(): Promise<ApiSuccess<QueuesSnapshot>> {
    return { success: true, data: await this.console.snapshot() };
  }

  @Get(':queue/failed')
  async failed(@Param('queue', queueName) queue: QueueName, @Query() { page, pageSize }: PageQueryDto): Promise<FailedJobPage> {
    const { jobs, total } = await this.console.failedJobs(queue, page, pageSize);
    return { success: true, data: jobs, pagination: { total, page, pageSize } };
  }

  @Post(':queue/failed/retry-all')
  @HttpCode(HttpStatus.OK)
  async retryAll(@CurrentUser() admin: SessionUser, @Param('queue', queueName) queue: QueueName): Promise<RetriedJobs> {
    const data = await this.console.retryAll(queue, admin);
    return { success: true, message: MESSAGES.operations.jobsRetried(data.retried), data };
  }

  @Post(':queue/failed/:jobId/retry')
  @HttpCode(HttpStatus.OK)
  async retry(
    @CurrentUser() admin: SessionUser,
    @Param('queue', queueName) queue: QueueName,
    @Param('jobId', jobId) id: string,
  ): Promise<FailedJobAction> {
    return { success: true, message: MESSAGES.operations.jobRetried, data: orRefuse(await this.console.retry(queue, id, admin)) };
  }

  @Delete(':queue/failed/:jobId')
  async remove(
    @CurrentUser() admin: SessionUser,
    @Param('queue', queueName) queue: QueueName,
    @Param('jobId', jobId) id: string,
  ): Promise<FailedJobAction> {
    return { success: true, message: MESSAGES.operations.jobRemoved, data: orRefuse(await this.console.remove(queue, id, admin)) };
  }
}
