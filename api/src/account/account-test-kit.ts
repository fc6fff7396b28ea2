import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { JOBS, type AccountMessageKind, type AccountNotifyJob, type SessionUser } from '@shop/contracts';
import { issueAccountToken, OutboxEvent } from '@shop/db';

/** A shopper registered through the real route, from their own client address, with their session cookie. */
export interface RegisteredShopper {
  user: SessionUser;
  email: string;
  password: string;
  cookie: string;
  clientAddress: string;
}

/** An address no other test uses (the api trusts one proxy hop), so per-address limits of one test never meet another's. */
export const newClientAddress = () => `10.${randomBytes(1)[0]!}.${randomBytes(1)[0]!}.${(randomBytes(1)[0]! % 250) + 1}`;

export async function registerShopper(server: Server): Promise<RegisteredShopper> {
  const email = `account-${randomBytes(6).toString('hex')}@example.test`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const clientAddress = newClientAddress();
  const response = await request(server)
    .post('/api/auth/register')
    .set('X-Forwarded-For', clientAddress)
    .send({ userName: 'Njeri', email, password })
    .expect(201);
  const cookie = (response.headers['set-cookie'] as unknown as string[])
    .find((line) => line.startsWith('toyduka_session='))!
    .split(';')[0]!;
  return { user: (response.body as { user: SessionUser }).user, email, password, cookie, clientAddress };
}

/** The notification events the api recorded about one account, oldest first, as the worker will read them. */
export async function accountMailEvents(dataSource: DataSource, userId: number): Promise<AccountNotifyJob[]> {
  const events = await dataSource
    .getRepository(OutboxEvent)
    .createQueryBuilder('event')
    .where('event.jobName = :jobName', { jobName: JOBS.notificationSend })
    .andWhere("JSON_EXTRACT(event.payload, '$.userId') = :userId", { userId })
    .orderBy('event.id')
    .getMany();
  return events.map((event) => event.payload as AccountNotifyJob);
}

/** The raw token of a link as the notifications worker issues it for its mail (that mail is the worker's test). */
export async function mailedToken(dataSource: DataSource, userId: number, purpose: AccountMessageKind): Promise<string> {
  return (await issueAccountToken(dataSource.manager, userId, purpose)).token;
}
