import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { OperatorActionName, QueueName, SessionUser } from '@shop/contracts';
import { OperatorAction, Refusal, inTransaction } from '@shop/db';
import { BusinessFailure } from '../common/business-failure.js';

export interface OperatorActionRequest {
  admin: SessionUser;
  action: OperatorActionName;
  queue: QueueName;
  /** The jobs the admin means to act on. */
  jobIds: string[];
}

/** An action that changed no job: its audit row is rolled back, and what it answered is passed on. */
class NothingDone<Outcome> extends Refusal {
  constructor(readonly outcome: Outcome) {
    super(0, 'no job changed');
  }
}

/**
 * The operator audit around the queue console's actions. Its row is written in a transaction opened
 * before the action is carried out, so an action the audit cannot record is not taken; the
 * transaction then commits with the jobs the action really changed, or rolls back when it changed
 * none (refused, or another admin got there first), so every row names what was done.
 */
@Injectable()
export class OperatorAuditService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Carries out `act`, which answers the ids of the jobs it changed (or a refusal), with its audit row. */
  async recorded<Outcome extends string[] | BusinessFailure>(request: OperatorActionRequest, act: () => Promise<Outcome>): Promise<Outcome> {
    const { admin, action, queue, jobIds } = request;
    const recorded = await inTransaction(
      this.dataSource,
      async (manager) => {
        const { identifiers } = await manager.insert(OperatorAction, { adminUserId: admin.id, adminEmail: admin.email, action, queue, jobIds });
        const outcome = await act();
        const changed = outcome instanceof BusinessFailure ? [] : (outcome as string[]);
        if (changed.length === 0) return new NothingDone(outcome);
        // What was done is a part of what was meant, in the same order.
        if (changed.length !== jobIds.length) await manager.update(OperatorAction, identifiers[0]!, { jobIds: changed });
        return outcome;
      },
      // A replay of a deadlock victim would carry the action out twice.
      { retryDeadlocks: false },
    );
    return recorded instanceof NothingDone ? recorded.outcome : recorded;
  }
}
