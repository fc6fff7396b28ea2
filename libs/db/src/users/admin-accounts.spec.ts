import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { testConfig } from '@shop/testing';
import { createDataSource } from '../data-source.js';
import { User } from '../entities/index.js';
import { AdminAccountError, ensureAdminAccount } from './admin-accounts.js';
import { verifyPassword } from './passwords.js';

describe('admin accounts (npm run admin:create, and the seed)', () => {
  let dataSource: DataSource;
  const users = () => dataSource.getRepository(User);
  const freshEmail = () => `Admin-${randomBytes(5).toString('hex')}@Example.TEST`;

  beforeAll(async () => {
    dataSource = await createDataSource(testConfig()).initialize();
  });
  afterAll(() => dataSource?.destroy());

  it('creates an admin with an argon2id password under the normalised e-mail', async () => {
    const email = freshEmail();
    expect(
      await ensureAdminAccount(dataSource.manager, { email: ` ${email} `, password: 'long-admin-password', userName: 'Mama Toy' }),
    ).toBe('created');
    const admin = await users().findOneByOrFail({ email: email.toLowerCase() });
    expect(admin).toMatchObject({ role: 'admin', userName: 'Mama Toy' });
    expect(await verifyPassword(admin.passwordHash!, 'long-admin-password')).toBe(true);
  });

  it('promotes an existing shopper and keeps their password', async () => {
    const email = freshEmail().toLowerCase();
    await users().insert({ userName: 'Shopper', email, passwordHash: 'kept', role: 'user', googleSubject: null });
    expect(await ensureAdminAccount(dataSource.manager, { email, password: 'ignored-password' })).toBe('promoted');
    expect(await users().findOneByOrFail({ email })).toMatchObject({ role: 'admin', passwordHash: 'kept' });
    expect(await ensureAdminAccount(dataSource.manager, { email })).toBe('already-admin');
  });

  it.each([
    ['no password for a new account', { email: 'nobody-yet@example.test' }, /give a password/],
    ['a short password', { email: 'short@example.test', password: 'seven77' }, /at least 8 characters/],
    ['a malformed e-mail', { email: 'not-an-email', password: 'long-enough' }, /not an e-mail address/],
  ])('refuses %s and writes nothing', async (_case, request, reason) => {
    const before = await users().count();
    await expect(ensureAdminAccount(dataSource.manager, request)).rejects.toThrow(AdminAccountError);
    await expect(ensureAdminAccount(dataSource.manager, request)).rejects.toThrow(reason);
    expect(await users().count()).toBe(before);
  });
});
