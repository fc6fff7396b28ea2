import type { ArgumentsHost } from '@nestjs/common';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { MESSAGES } from '@shop/contracts';
import { dataSourceOptions } from '@shop/db';
import { freePort, testConfig } from '@shop/testing';
import { ApiExceptionFilter } from './api-exception.filter.js';

/** What the filter answers for `exception`, read off the response it writes. */
function answerTo(exception: unknown): { status: number; body: unknown } {
  const answer = { status: 0, body: undefined as unknown };
  const response = {
    status(code: number) {
      answer.status = code;
      return response;
    },
    json(body: unknown) {
      answer.body = body;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  new ApiExceptionFilter().catch(exception, host);
  return answer;
}

const failureOf = (work: () => Promise<unknown>) =>
  work().then(
    () => Promise.reject(new Error('expected a failure')),
    (error: unknown) => error,
  );

describe('the api exception filter', () => {
  const unavailable = { status: 503, body: { success: false, message: MESSAGES.server.serviceUnavailable } };

  it('answers 503 when MySQL cannot be reached', async () => {
    const refused = await failureOf(async () => mysql.createConnection({ host: '127.0.0.1', port: await freePort(), user: 'root' }));
    expect(answerTo(refused)).toEqual(unavailable);
  });

  it('answers 503 when the connection to MySQL is gone, whatever the error says', async () => {
    const connection = await mysql.createConnection(testConfig().DATABASE_URL);
    connection.destroy();
    const closed = await failureOf(() => connection.query('SELECT 1'));
    expect(closed).toMatchObject({ fatal: true });
    expect(answerTo(closed)).toEqual(unavailable);
  });

  it('answers 503 when Redis gave up on a command', async () => {
    // As the api's client is set (libs/infrastructure): one retry of a command while Redis is away.
    const redis = new Redis({ host: '127.0.0.1', port: await freePort(), maxRetriesPerRequest: 1 });
    try {
      expect(answerTo(await failureOf(() => redis.get('anything')))).toEqual(unavailable);
    } finally {
      redis.disconnect();
    }
  });

  it('keeps a 500 for a query that is wrong, not away', async () => {
    const dataSource = await new DataSource(dataSourceOptions(testConfig())).initialize();
    try {
      expect(answerTo(await failureOf(() => dataSource.query('SELECT * FROM `no_such_table`')))).toEqual({
        status: 500,
        body: { success: false, message: MESSAGES.server.internalError },
      });
    } finally {
      await dataSource.destroy();
    }
  });
});
