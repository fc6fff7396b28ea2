import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import type { OperatorActionName, QueueName, SessionUser } from '@shop/contracts';
import { OperatorAction } from '@shop/db';

export interface OperatorActionRequest {
  admin: SessionUser;
  action: OperatorActionName;
  queue: QueueName;
  /** The jobs the admin means to act on. */
  jobIds: string[];
}

/**
 * The operator audit around the queue console's actions. The row is written before the action is
 * carried out, so an action the audit cannot record is not taken. The action reports each job as
 * it changes it, and the row is left naming exactly those, also when the action fails halfway
 * (Redis going away during a Retry all: the jobs moved so far stay moved). A row for an action
 * that changed no job (refused, or another admin got there first) is removed.
 */
@Injectable()
export class OperatorAuditService {
  private readonly actions: Repository<OperatorAction>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.actions = dataSource.getRepository(OperatorAction);
  }

  async recorded<Outcome>(request: OperatorActionRequest, act: (changed: (jobId: string) => void) => Promise<Outcome>): Promise<Outcome> {
    const { admin, action, queue, jobIds } = request;
    const { identifiers } = await this.actions.insert({ adminUserId: admin.id, adminEmail: admin.email, action, queue, jobIds });
    const row = identifiers[0]!.id as number;
    const changed: string[] = [];
    try {
      return await act((jobId) => changed.push(jobId));
    } finally {
      // What was done is a part of what was meant, in the same order.
      if (changed.length === 0) await this.actions.delete(row);
      else if (changed.length !== jobIds.length) await this.actions.update(row, { jobIds: changed });
    }
  }
}
