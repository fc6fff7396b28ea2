import { getQueueToken } from '@nestjs/bullmq';
import { Worker, type Job, type Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import {
  MESSAGES,
  operationsKeys,
  OPS_API,
  pipelineHeartbeatKeys,
  QUEUE_NAMES,
  type FailedJobView,
  type PipelineHeartbeatEvent,
  type QueueName,
  type QueueStatsEvent,
  type SessionUser,
} from '@shop/contracts';
import { OperatorAction } from '@shop/db';
import { createTestAccount, refusalAnswer, sessionCookieOf, testConfig, waitFor, type TestAccount } from '@shop/testing';
import { useTestApi } from '../testing/test-api.js';
import { OperatorAuditService } from './operator-audit.service.js';

describe('queue console api', () => {
  const config = testConfig();
  const keys = operationsKeys(config.REDIS_PREFIX);
  const api = useTestApi(config);
  let redis: Redis;
  let admin: TestAccount;
  let adminCookie: string;
  let shopperCookie: string;

  beforeAll(async () => {
    redis = new Redis(config.REDIS_URL);
    const shopper = await createTestAccount(api.dataSource);
    admin = await createTestAccount(api.dataSource, 'admin');
    [adminCookie, shopperCookie] = await Promise.all([sessionCookieOf(api.server, admin), sessionCookieOf(api.server, shopper)]);
  });
  afterAll(() => redis?.disconnect());

  const queue = (name: QueueName) => api.app.get<Queue>(getQueueToken(name));
  /** The audit rows this file's admin made; each test's admin is the same, so a test reads the rows it added. */
  const auditRows = () =>
    api.dataSource.getRepository(OperatorAction).find({ where: { adminUserId: admin.user.id }, order: { id: 'ASC' } });
  const auditRowOf = (action: OperatorAction['action'], queueName: QueueName, jobIds: string[]) => ({
    id: expect.any(Number),
    adminUserId: admin.user.id,
    adminEmail: admin.email,
    action,
    queue: queueName,
    jobIds,
    createdAt: expect.any(Date),
  });
  const asAdmin = {
    get: (path: string) => request(api.server).get(path).set('Cookie', adminCookie),
    post: (path: string) => request(api.server).post(path).set('Cookie', adminCookie),
    delete: (path: string) => request(api.server).delete(path).set('Cookie', adminCookie),
  };

  /** Jobs that fail at once in a worker of the test's own: no shop processor runs in this file. */
  async function failedJobs(name: QueueName, datas: object[], error = 'the toy box is locked'): Promise<Job[]> {
    const worker = new Worker(
      name,
      async () => {
        throw new Error(error);
      },
      { connection: { url: config.REDIS_URL }, prefix: config.REDIS_PREFIX },
    );
    try {
      const jobs = await Promise.all(datas.map((data) => queue(name).add('image.resize', data, { attempts: 1 })));
      await waitFor('the jobs to fail', async () => (await Promise.all(jobs.map((job) => job.isFailed()))).every(Boolean));
      return Promise.all(jobs.map(async (job) => (await queue(name).getJob(job.id!))!));
    } finally {
      await worker.close();
    }
  }

  describe('admins only', () => {
    const routes: [string, () => request.Test][] = [
      ['snapshot', () => request(api.server).get(OPS_API.snapshot)],
      ['failed jobs', () => request(api.server).get(OPS_API.failedJobs('images'))],
      ['retry', () => request(api.server).post(OPS_API.retryFailedJob('images', 'outbox-1'))],
      ['retry all', () => request(api.server).post(OPS_API.retryAllFailed('images'))],
      ['remove', () => request(api.server).delete(OPS_API.removeFailedJob('images', 'outbox-1'))],
    ];

    it.each(routes)('refuses %s to a guest (401) and a shopper (403)', async (_route, call) => {
      expect((await call().expect(401)).body).toEqual(refusalAnswer('NOT_AUTHENTICATED', MESSAGES.auth.notAuthenticated));
      expect((await call().set('Cookie', shopperCookie).expect(403)).body).toEqual(refusalAnswer('FORBIDDEN', MESSAGES.auth.adminRequired));
    });
  });

  describe('snapshot', () => {
    it('counts every queue itself, with no figures and no workers, when no worker has published', async () => {
      await redis.del(keys.latestStats);
      await queue('orders').add('order.expire', { orderId: 1 }, { delay: 60_000 });
      const { data } = (await asAdmin.get(OPS_API.snapshot).expect(200)).body as {
        data: { queues: QueueStatsEvent[]; heartbeat: unknown };
      };
      expect(data.queues.map((stats) => stats.queue)).toEqual([...QUEUE_NAMES]);
      expect(data.queues.find((stats) => stats.queue === 'orders')).toEqual({
        queue: 'orders',
        waiting: 0,
        active: 0,
        delayed: 1,
        failed: 0,
        completed: 0,
        processedPerMinute: null,
        p50Ms: null,
        p95Ms: null,
        workers: 0,
        measuredAt: expect.any(Number),
      });
      expect(data.heartbeat).toBeNull();
    });

    it("answers the workers' published figures while they are fresh, and the latest heartbeat", async () => {
      const published: QueueStatsEvent[] = QUEUE_NAMES.map((name, index) => ({
        queue: name,
        waiting: index,
        active: 0,
        delayed: 0,
        failed: 2,
        completed: 40,
        processedPerMinute: 2.5,
        p50Ms: 30,
        p95Ms: 120,
        workers: 2,
        measuredAt: Date.now(),
      }));
      const heartbeat: PipelineHeartbeatEvent = { outboxId: 7, emittedAt: Date.now() - 40, processedAt: Date.now(), latencyMs: 40 };
      await redis.set(keys.latestStats, JSON.stringify(published));
      await redis.lpush(pipelineHeartbeatKeys(config.REDIS_PREFIX).recent, JSON.stringify(heartbeat));
      expect((await asAdmin.get(OPS_API.snapshot).expect(200)).body.data).toEqual({
        queues: published,
        heartbeat,
        serverTime: expect.any(Number),
      });

      const stale = published.map((stats) => ({ ...stats, measuredAt: Date.now() - 60_000 }));
      await redis.set(keys.latestStats, JSON.stringify(stale));
      const recounted = (await asAdmin.get(OPS_API.snapshot).expect(200)).body.data.queues as QueueStatsEvent[];
      expect(recounted.every((stats) => stats.processedPerMinute === null && stats.measuredAt > stale[0]!.measuredAt)).toBe(true);
    });

    it('counts a worker whose presence beat is fresh, and not one that fell silent', async () => {
      await redis.del(keys.latestStats);
      await redis.zadd(keys.workers('payments'), Date.now(), 'host-a:1:aa', Date.now() - 60_000, 'host-b:2:bb');
      const payments = ((await asAdmin.get(OPS_API.snapshot).expect(200)).body.data.queues as QueueStatsEvent[]).find(
        (stats) => stats.queue === 'payments',
      );
      expect(payments?.workers).toBe(1);
    });
  });

  describe('failed jobs', () => {
    let jobs: Job[];
    beforeAll(async () => {
      jobs = await failedJobs('images', [{ imageId: 11 }, { imageId: 12 }, { imageId: 13 }]);
    });

    it('lists name, data summary, error, stack, attempts and times, newest first, a page at a time', async () => {
      const first = (await asAdmin.get(`${OPS_API.failedJobs('images')}?page=1&pageSize=2`).expect(200)).body as {
        data: FailedJobView[];
        pagination: object;
      };
      expect(first.pagination).toEqual({ total: 3, page: 1, pageSize: 2 });
      expect(first.data).toHaveLength(2);
      const second = (await asAdmin.get(`${OPS_API.failedJobs('images')}?page=2&pageSize=2`).expect(200)).body.data as FailedJobView[];
      const listed = [...first.data, ...second];
      expect(new Set(listed.map((job) => job.id))).toEqual(new Set(jobs.map((job) => job.id)));
      expect(listed.map((job) => job.failedAt)).toEqual([...listed.map((job) => job.failedAt)].sort((a, b) => b! - a!));
      const eleven = listed.find((job) => job.summary === 'imageId: 11')!;
      expect(eleven).toEqual({
        id: jobs[0]!.id,
        name: 'image.resize',
        summary: 'imageId: 11',
        error: 'the toy box is locked',
        stack: expect.stringContaining('Error: the toy box is locked'),
        attemptsMade: 1,
        attempts: 1,
        createdAt: jobs[0]!.timestamp,
        processedAt: expect.any(Number),
        failedAt: expect.any(Number),
      });
      expect(eleven.failedAt!).toBeGreaterThanOrEqual(eleven.processedAt!);
    });

    it('refuses an unknown queue, a malformed job id and a bad page with catalogue messages', async () => {
      expect((await asAdmin.get('/api/admin/queues/emails/failed').expect(404)).body).toEqual(
        refusalAnswer('QUEUE_NOT_FOUND', MESSAGES.operations.unknownQueue),
      );
      expect((await asAdmin.post('/api/admin/queues/images/failed/a%20b%7D/retry').expect(400)).body).toEqual(
        refusalAnswer('VALIDATION_FAILED', MESSAGES.operations.invalidJobId, {
          fields: [{ field: 'jobId', message: MESSAGES.operations.invalidJobId }],
        }),
      );
      expect((await asAdmin.get(`${OPS_API.failedJobs('images')}?page=0`).expect(400)).body.message).toBe(MESSAGES.listing.pageOutOfRange);
      expect((await asAdmin.delete(OPS_API.removeFailedJob('images', 'outbox-999999999')).expect(404)).body).toEqual(
        refusalAnswer('JOB_NOT_FOUND', MESSAGES.operations.jobNotFound),
      );
    });

    it('retries one job once more, keeping its attempts; a second retry finds it gone from the failed set', async () => {
      const job = jobs[0]!;
      const auditedBefore = (await auditRows()).length;
      const answer = (await asAdmin.post(OPS_API.retryFailedJob('images', job.id!)).expect(200)).body;
      expect(answer).toEqual({ success: true, message: MESSAGES.operations.jobRetried, data: { jobId: job.id } });
      const retried = (await queue('images').getJob(job.id!))!;
      expect(await retried.getState()).toBe('waiting');
      expect(retried.attemptsMade).toBe(1);
      expect((await asAdmin.post(OPS_API.retryFailedJob('images', job.id!)).expect(409)).body).toEqual(
        refusalAnswer('JOB_NOT_FAILED', MESSAGES.operations.jobNotFailed),
      );
      expect((await asAdmin.delete(OPS_API.removeFailedJob('images', job.id!)).expect(409)).body.message).toBe(
        MESSAGES.operations.jobNotFailed,
      );
      // The retry that moved the job is in the audit; the two refused ones changed nothing and are not.
      expect((await auditRows()).slice(auditedBefore)).toEqual([auditRowOf('retry', 'images', [job.id!])]);
    });

    it('writes the audit row with the time of the retry', async () => {
      const [job] = await failedJobs('payments', [{ callbackId: 99 }]);
      const before = Date.now();
      await asAdmin.post(OPS_API.retryFailedJob('payments', job!.id!)).expect(200);
      const row = (await auditRows()).at(-1)!;
      expect(row).toEqual(auditRowOf('retry', 'payments', [job!.id!]));
      // MySQL keeps milliseconds; the api's clock and the database's are the same machine's here.
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('removes one failed job, in the audit', async () => {
      const job = jobs[1]!;
      const auditedBefore = (await auditRows()).length;
      expect((await asAdmin.delete(OPS_API.removeFailedJob('images', job.id!)).expect(200)).body).toEqual({
        success: true,
        message: MESSAGES.operations.jobRemoved,
        data: { jobId: job.id },
      });
      expect(await queue('images').getJob(job.id!)).toBeUndefined();
      expect((await asAdmin.delete(OPS_API.removeFailedJob('images', job.id!)).expect(404)).body.message).toBe(
        MESSAGES.operations.jobNotFound,
      );
      expect((await auditRows()).slice(auditedBefore)).toEqual([auditRowOf('remove', 'images', [job.id!])]);
    });

    it("retries all of one queue's failed jobs and no other queue's", async () => {
      const more = await failedJobs('images', [{ imageId: 14 }]);
      const [otherQueue] = await failedJobs('orders', [{ orderId: 5 }]);
      // The test's own worker took the job retried above and failed it again: count what is there now.
      const failedIds = await queue('images').getRanges(['failed'], 0, -1);
      const failedBefore = failedIds.length;
      expect(failedBefore).toBeGreaterThanOrEqual(2);
      const auditedBefore = (await auditRows()).length;
      const answer = (await asAdmin.post(OPS_API.retryAllFailed('images')).expect(200)).body;
      expect(answer).toEqual({ success: true, message: MESSAGES.operations.jobsRetried(failedBefore), data: { retried: failedBefore } });
      expect(await queue('images').getFailedCount()).toBe(0);
      expect(await Promise.all([jobs[2]!, more[0]!].map(async (job) => (await queue('images').getJob(job.id!))!.getState()))).toEqual([
        'waiting',
        'waiting',
      ]);
      expect(await otherQueue!.isFailed()).toBe(true);

      const audited = (await auditRows()).slice(auditedBefore);
      expect(audited).toEqual([auditRowOf('retryAll', 'images', expect.any(Array))]);
      expect([...audited[0]!.jobIds].sort()).toEqual([...failedIds].sort());
      // Nothing left to retry: nothing done, nothing in the audit.
      expect((await asAdmin.post(OPS_API.retryAllFailed('images')).expect(200)).body.data).toEqual({ retried: 0 });
      expect(await auditRows()).toHaveLength(auditedBefore + 1);
    });
  });

  describe('the audit around an action', () => {
    it('names the jobs an action changed before it failed halfway, and keeps no row of one that changed none', async () => {
      const audit = api.app.get(OperatorAuditService);
      const sessionAdmin = { ...admin.user, email: admin.email } as unknown as SessionUser;
      const auditedBefore = (await auditRows()).length;
      const halfway = audit.recorded(
        { admin: sessionAdmin, action: 'retryAll', queue: 'images', jobIds: ['41', '42', '43'] },
        async (changed) => {
          changed('41');
          throw new Error('Redis went away');
        },
      );
      await expect(halfway).rejects.toThrow('Redis went away');
      expect((await auditRows()).slice(auditedBefore)).toEqual([auditRowOf('retryAll', 'images', ['41'])]);

      await audit.recorded({ admin: sessionAdmin, action: 'retry', queue: 'images', jobIds: ['44'] }, async () => 'refused');
      expect(await auditRows()).toHaveLength(auditedBefore + 1);
    });
  });

  describe('Bull Board', () => {
    const pages = [OPS_API.board, `${OPS_API.board}/api/queues`];

    it.each(pages)('refuses %s to a guest and a shopper, in any letter case', async (path) => {
      expect((await request(api.server).get(path).expect(401)).body).toEqual(
        refusalAnswer('NOT_AUTHENTICATED', MESSAGES.auth.notAuthenticated),
      );
      expect((await request(api.server).get(path).set('Cookie', shopperCookie).expect(403)).body).toEqual(
        refusalAnswer('FORBIDDEN', MESSAGES.auth.adminRequired),
      );
      await request(api.server).get(path.toUpperCase()).set('Cookie', shopperCookie).expect(403);
    });

    it('shows an admin the board and every queue of the shop, read-only', async () => {
      const page = await asAdmin.get(OPS_API.board).expect(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.text).toContain(`<base href="${OPS_API.board}/"`);
      const board = (await asAdmin.get(`${OPS_API.board}/api/queues`).expect(200)).body as {
        queues: { name: string; readOnlyMode: boolean; allowRetries: boolean }[];
      };
      expect(board.queues.map((listed) => listed.name).sort()).toEqual([...QUEUE_NAMES].sort());
      expect(board.queues.every((listed) => listed.readOnlyMode && !listed.allowRetries)).toBe(true);
    });

    describe('refuses every change to an admin, leaving the job and the queue as they were and the audit empty', () => {
      let job: Job;
      let auditedBefore: number;
      beforeAll(async () => {
        [job] = await failedJobs('orders', [{ orderId: 77 }]);
        auditedBefore = (await auditRows()).length;
      });

      const changes: [string, 'put' | 'post', (jobId: string) => string][] = [
        ['retry a job', 'put', (jobId) => `/api/queues/orders/${jobId}/retry`],
        ['remove (clean) a job', 'put', (jobId) => `/api/queues/orders/${jobId}/clean`],
        ['promote a job', 'put', (jobId) => `/api/queues/orders/${jobId}/promote`],
        ['retry every failed job', 'put', () => '/api/queues/orders/retry/failed'],
        ['clean the failed jobs', 'put', () => '/api/queues/orders/clean/failed'],
        ['add a job', 'post', () => '/api/queues/orders/add'],
        ['pause the queue', 'put', () => '/api/queues/orders/pause'],
        ['empty the queue', 'put', () => '/api/queues/orders/empty'],
        ['obliterate the queue', 'put', () => '/api/queues/orders/obliterate'],
      ];

      it.each(changes)('%s (405)', async (_change, method, path) => {
        const response = await request(api.server)
          [method](`${OPS_API.board}${path(job.id!)}`)
          .set('Cookie', adminCookie)
          .send({ name: 'order.expire', data: {} });
        expect(response.status).toBe(405);
        expect(response.body.error).toEqual({ key: 'ERRORS.QUEUE_READ_ONLY' });
      });

      it('passes over every queue when asked to pause them all', async () => {
        await request(api.server).put(`${OPS_API.board}/api/queues/pause`).set('Cookie', adminCookie).expect(200);
        expect(await Promise.all(QUEUE_NAMES.map((name) => queue(name).isPaused()))).toEqual(QUEUE_NAMES.map(() => false));
      });

      it('left the job in the failed set and wrote nothing to the audit', async () => {
        expect(await job.isFailed()).toBe(true);
        expect(await auditRows()).toHaveLength(auditedBefore);
      });
    });
  });
});
