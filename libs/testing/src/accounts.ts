import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { SessionUser, UserRole } from '@shop/contracts';
import { hashPassword, User } from '@shop/db';

export interface TestAccount {
  user: SessionUser;
  email: string;
  password: string;
}

/** A fresh account straight in the database, with an address no other test uses. */
export async function createTestAccount(dataSource: DataSource, role: UserRole = 'user'): Promise<TestAccount> {
  const email = `${role}-${randomBytes(6).toString('hex')}@example.test`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const saved = await dataSource
    .getRepository(User)
    .save({ userName: `Test ${role}`, email, passwordHash: await hashPassword(password), role, googleSubject: null });
  return { user: { id: saved.id, userName: saved.userName, email, role }, email, password };
}

/**
 * Signs in through the real login route and returns the `Cookie` header value of the session; from
 * `clientAddress` when given, as the proxy in front of an api that trusts one (TRUST_PROXY_HOPS) reports it.
 */
export async function sessionCookieOf(
  server: Server,
  account: Pick<TestAccount, 'email' | 'password'>,
  clientAddress?: string,
): Promise<string> {
  const login = request(server).post('/api/auth/login');
  if (clientAddress !== undefined) login.set('X-Forwarded-For', clientAddress);
  const response = await login.send({ email: account.email, password: account.password }).expect(200);
  const cookie = (response.headers['set-cookie'] as unknown as string[] | undefined)?.find((line) => line.startsWith('toyduka_session='));
  if (!cookie) throw new Error('login answered without a session cookie');
  return cookie.split(';')[0]!;
}

/** A fresh account signed in through the real login route, as a spec calls the routes with it. */
export interface SignedInAccount {
  account: TestAccount;
  id: number;
  /** The `Cookie` header value of the session. */
  cookie: string;
}

export async function signedInAccount(server: Server, dataSource: DataSource, role: UserRole = 'user'): Promise<SignedInAccount> {
  const account = await createTestAccount(dataSource, role);
  return { account, id: account.user.id, cookie: await sessionCookieOf(server, account) };
}
