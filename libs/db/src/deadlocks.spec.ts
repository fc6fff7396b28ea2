import { retryingDeadlocks } from './deadlocks.js';

const deadlock = () => Object.assign(new Error('Deadlock found when trying to get lock'), { code: 'ER_LOCK_DEADLOCK' });

describe('retryingDeadlocks', () => {
  it('runs a deadlock victim again until it commits', async () => {
    let runs = 0;
    const answer = await retryingDeadlocks(async () => {
      runs += 1;
      if (runs < 3) throw deadlock();
      return 'committed';
    });
    expect([answer, runs]).toEqual(['committed', 3]);
  });

  it('gives up after the last attempt, and never repeats other failures', async () => {
    let runs = 0;
    await expect(
      retryingDeadlocks(async () => {
        runs += 1;
        throw deadlock();
      }, 2),
    ).rejects.toMatchObject({ code: 'ER_LOCK_DEADLOCK' });
    expect(runs).toBe(2);
    runs = 0;
    await expect(
      retryingDeadlocks(async () => {
        runs += 1;
        throw Object.assign(new Error('Duplicate entry'), { code: 'ER_DUP_ENTRY' });
      }),
    ).rejects.toThrow('Duplicate entry');
    expect(runs).toBe(1);
  });
});
