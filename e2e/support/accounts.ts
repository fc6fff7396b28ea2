import type { Page } from 'playwright-core';
import { ROUTES, type UserRole } from '@shop/contracts';
import { createDataSource } from '@shop/db';
import { createTestAccount, testConfig, type TestAccount } from '@shop/testing';

/** Fresh accounts, one per role asked for, written straight into the test database. */
export async function createAccounts<Roles extends UserRole[]>(...roles: Roles): Promise<{ [Index in keyof Roles]: TestAccount }> {
  const dataSource = await createDataSource(testConfig()).initialize();
  try {
    return (await Promise.all(roles.map((role) => createTestAccount(dataSource, role)))) as { [Index in keyof Roles]: TestAccount };
  } finally {
    await dataSource.destroy();
  }
}

/** Fills and sends the sign-in form the page shows (it must be on /auth/login). */
export async function submitSignIn(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs a shopper in through the login page (a fresh account unless one is given) and waits for the shop's home. */
export async function signInAsShopper(page: Page, account?: TestAccount): Promise<TestAccount> {
  const shopper = account ?? (await createAccounts('user'))[0];
  await page.goto(ROUTES.login);
  await submitSignIn(page, shopper);
  await page.waitForURL(`**${ROUTES.shopHome}`);
  return shopper;
}

/** Signs the admin in through the login page and waits for the dashboard. */
export async function signInAsAdminInBrowser(page: Page, admin: TestAccount): Promise<void> {
  await page.goto(ROUTES.login);
  await submitSignIn(page, admin);
  await page.waitForURL(`**${ROUTES.adminDashboard}`);
}
