import { BadRequestException, NotFoundException, PayloadTooLargeException, type ArgumentsHost } from '@nestjs/common';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { MESSAGES } from '@shop/contracts';
import { dataSourceOptions, Refusal } from '@shop/db';
import { freePort, refusalAnswer, testConfig } from '@shop/testing';
import { ApiExceptionFilter } from './api-exception.filter.js';
import { RefusalException } from './refusals.js';

/** What the filter answers for `exception`, read off the response it writes. */
function answerTo(exception: unknown): { status: number; body: unknown } {
  const answer = { status: 0, body: undefined as unknown };
  const response = {
    setHeader: () => response,
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

/** The headers the filter set while answering `exception`. */
function headersOf(exception: unknown): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  const response = {
    setHeader: (name: string, value: unknown) => (headers[name] = value),
    status: () => response,
    json: () => undefined,
  };
  new ApiExceptionFilter().catch(exception, { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost);
  return headers;
}

const failureOf = (work: () => Promise<unknown>) =>
  work().then(
    () => Promise.reject(new Error('expected a failure')),
    (error: unknown) => error,
  );

describe('the api exception filter', () => {
  it("answers a refusal with its code's status, its words and its data", () => {
    const refusal = new RefusalException(new Refusal('STOCK_SHORT', 'Only 2 left', { productTitle: 'Kite', available: 2 }));
    expect(answerTo(refusal)).toEqual({
      status: 409,
      body: refusalAnswer('STOCK_SHORT', 'Only 2 left', { productTitle: 'Kite', available: 2 }),
    });
  });

  it('tells a rate-limited caller when to come back, in the data and in Retry-After', () => {
    const limited = new RefusalException(new Refusal('RATE_LIMITED', 'wait', { retryAfterS: 720 }));
    expect(answerTo(limited)).toEqual({ status: 429, body: refusalAnswer('RATE_LIMITED', 'wait', { retryAfterS: 720 }) });
    expect(headersOf(limited)).toEqual({ 'Retry-After': 720 });
  });

  it("gives HTTP's own failures the code their status amounts to, in the catalogue's words", () => {
    expect(answerTo(new NotFoundException('Cannot GET /api/nothing'))).toEqual({
      status: 404,
      body: refusalAnswer('NOT_FOUND', MESSAGES.server.notFound),
    });
    const unparsable = new BadRequestException('Unexpected end of JSON input', { cause: new SyntaxError('Unexpected end') });
    expect(answerTo(unparsable)).toEqual({
      status: 400,
      body: refusalAnswer('VALIDATION_FAILED', MESSAGES.server.validationFailed, {
        fields: [{ field: 'request', message: MESSAGES.server.validationFailed }],
      }),
    });
    expect(answerTo(new PayloadTooLargeException())).toEqual({
      status: 413,
      body: refusalAnswer('PAYLOAD_TOO_LARGE', MESSAGES.server.bodyTooLarge),
    });
  });

  const unavailable = { status: 503, body: refusalAnswer('SERVICE_UNAVAILABLE', MESSAGES.server.serviceUnavailable) };

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
        body: refusalAnswer('INTERNAL_ERROR', MESSAGES.server.internalError),
      });
    } finally {
      await dataSource.destroy();
    }
  });
});
