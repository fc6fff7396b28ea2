import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { getQueueToken } from '@nestjs/bullmq';
import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { OPS_API, QUEUE_NAMES } from '@shop/contracts';
import { AccessModule } from '../access/access.module.js';
import { SessionService } from '../access/session.service.js';
import { boardAccess } from './board-access.js';
import { OperatorAuditService } from './operator-audit.service.js';
import { QueueConsoleController } from './queue-console.controller.js';
import { QueueConsoleService } from './queue-console.service.js';

/** Nest puts the global 'api' prefix in front of middleware routes itself. */
const BOARD_ROUTE = OPS_API.board.replace(/^\/api/, '');

/**
 * The queue console's api, and Bull Board behind the same admin check. The board's Express router
 * is mounted here as @bull-board/nestjs would mount it: that package is CommonJS and requires Nest,
 * which is ESM-only since Nest 12, so Jest (on Node 20) cannot load it.
 *
 * The board is read-only: it would retry, remove, clean, pause, empty or obliterate without a word in
 * the operator audit, so those stay with the console, which writes one for each.
 */
@Module({
  imports: [AccessModule],
  controllers: [QueueConsoleController],
  providers: [QueueConsoleService, OperatorAuditService],
})
export class OperationsModule implements NestModule {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly sessions: SessionService,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    const board = new ExpressAdapter().setBasePath(OPS_API.board);
    createBullBoard({
      queues: QUEUE_NAMES.map(
        (name) => new BullMQAdapter(this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }), { readOnlyMode: true }),
      ),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'Toy Duka queues' } },
    });
    consumer.apply(boardAccess(this.sessions), board.getRouter()).forRoutes(BOARD_ROUTE);
  }
}
