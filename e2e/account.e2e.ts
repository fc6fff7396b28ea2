import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { MESSAGES, ROUTES } from '@shop/contracts';
import { formatKenyanMobile } from '@shop/contracts/phone';
import { newPhone } from '@shop/testing';
import { signInAsShopper, submitSignIn } from './support/accounts.js';
import { BROWSER_TIMEOUT_MS, chooseFromPopup, usePageForEachTest } from './support/browser.js';
import { emailedLink } from './support/outbox.js';
import { toastShows } from './support/shopper.js';

/** Register, two mails through the worker and the sandbox, two browsers: several ordinary journeys in one. */
const JOURNEY_TIMEOUT_MS = BROWSER_TIMEOUT_MS * 4;
const PROFILE_TAB = `${ROUTES.shopAccount}?tab=profile`;

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The account's Profile tab, once its profile has been read. */
async function openProfile(page: Page): Promise<void> {
  await page.goto(PROFILE_TAB);
  await page.getByRole('button', { name: 'Save changes' }).waitFor();
}

/** From the shop's home: signed out on the account page, the guard would send the guest to sign in. */
async function signOutFromShop(page: Page): Promise<void> {
  await page.goto(ROUTES.shopHome);
  await chooseFromPopup(page, page.getByRole('button', { name: 'Account menu' }), page.getByRole('menuitem', { name: 'Logout' }));
  await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
}

/** Sets a new password on the page a reset link opens. */
async function setNewPassword(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
}

/** Asks for a reset link from the forgot-password page, which answers alike whoever asks. */
async function askForResetLink(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await page.getByText(MESSAGES.account.resetRequested).waitFor();
}

/** Accounts (docs/product.md, Accounts): e-mail verification, a forgotten password, the Profile tab and deleting an account, as a shopper lives them. */
describe('the shopper’s account in the browser', () => {
  const tab = usePageForEachTest();

  it(
    'verifies the e-mail by its link, resets a forgotten password by mail, and ends the other browser’s session',
    async () => {
      const { page } = tab;
      const email = `amani-${randomBytes(4).toString('hex')}@example.test`;
      const oldPassword = 'twiga-safari-1';
      const newPassword = 'simba-savanna-2';

      await page.goto(ROUTES.register);
      await page.getByLabel('User Name').fill('Amani');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(oldPassword);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.waitForURL(`**${ROUTES.shopHome}`);

      await openProfile(page);
      await page.getByText(MESSAGES.accountScreens.emailNotVerified, { exact: true }).waitFor();
      await page.getByRole('button', { name: MESSAGES.accountScreens.resendVerification }).waitFor();

      // Registration mailed a verification link; it works in the browser that is signed in.
      await page.goto(await emailedLink(email, ROUTES.verifyEmail));
      await page.getByText(MESSAGES.account.emailVerified).waitFor();
      await openProfile(page);
      await page.getByText(MESSAGES.accountScreens.emailVerified, { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: MESSAGES.accountScreens.resendVerification }).count()).toBe(0);

      // The same account signed in at another computer.
      const elsewhere = await tab.newPage();
      await elsewhere.goto(ROUTES.login);
      await submitSignIn(elsewhere, { email, password: oldPassword });
      await elsewhere.waitForURL(`**${ROUTES.shopHome}`);

      // Forgotten: from the sign-in page's link, the neutral answer, the mailed link, a new password.
      await signOutFromShop(page);
      await page.goto(ROUTES.login);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL(`**${ROUTES.forgotPassword}`);
      await askForResetLink(page, email);

      await setNewPassword(page, await emailedLink(email, ROUTES.resetPassword), newPassword);
      await page.waitForURL(`**${ROUTES.login}`);
      await toastShows(page, MESSAGES.account.passwordReset);

      // The other browser's session ended with the reset: its next guarded page asks it to sign in.
      await elsewhere.goto(ROUTES.shopAccount);
      await elsewhere.waitForURL(`**${ROUTES.login}`);

      await submitSignIn(page, { email, password: oldPassword });
      await toastShows(page, MESSAGES.login.invalidCredentials);
      expect(pathOf(page)).toBe(ROUTES.login);
      await submitSignIn(page, { email, password: newPassword });
      await page.waitForURL(`**${ROUTES.shopHome}`);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'refuses a reset link used a second time, with a way to ask again',
    async () => {
      const { page } = tab;
      const shopper = await signInAsShopper(page);
      await signOutFromShop(page);
      await page.goto(ROUTES.forgotPassword);
      await askForResetLink(page, shopper.email);
      const link = await emailedLink(shopper.email, ROUTES.resetPassword);

      await setNewPassword(page, link, 'first-new-password');
      await page.waitForURL(`**${ROUTES.login}`);
      await setNewPassword(page, link, 'second-new-password');
      await page.getByText(MESSAGES.account.linkInvalid).waitFor();
      expect(pathOf(page)).toBe(ROUTES.resetPassword);
      await page.getByRole('link', { name: 'Ask for a new link' }).first().click();
      await page.waitForURL(`**${ROUTES.forgotPassword}`);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'keeps the name, phone and message choices saved on the Profile tab',
    async () => {
      const { page } = tab;
      await signInAsShopper(page);
      const phone = formatKenyanMobile(newPhone());
      await openProfile(page);
      await page.getByLabel('Name', { exact: true }).fill('Nafula Wekesa');
      await page.getByLabel('Phone', { exact: true }).fill(phone.replaceAll(' ', ''));
      await page.getByRole('switch', { name: 'SMS' }).click();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await toastShows(page, MESSAGES.account.profileUpdated);

      await page.reload();
      await page.getByRole('button', { name: 'Save changes' }).waitFor();
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Nafula Wekesa');
      // Kept as the api stores it, shown back the way Kenyans write it.
      expect(await page.getByLabel('Phone', { exact: true }).inputValue()).toBe(phone);
      expect(await page.getByRole('switch', { name: 'SMS' }).getAttribute('aria-checked')).toBe('false');
      expect(await page.getByRole('switch', { name: 'E-mail' }).getAttribute('aria-checked')).toBe('true');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'deletes the account: signed out, at the shop’s home, and its e-mail no longer signs in',
    async () => {
      const { page } = tab;
      const shopper = await signInAsShopper(page);
      await openProfile(page);
      await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      const confirm = dialog.getByRole('button', { name: 'Delete my account for good' });
      await dialog.getByLabel(/Type your e-mail address/).fill('someone-else@example.test');
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel(/Type your e-mail address/).fill(shopper.email);
      await dialog.getByLabel('Your password').fill(shopper.password);
      await confirm.click();

      await page.waitForURL(`**${ROUTES.shopHome}`);
      await toastShows(page, MESSAGES.account.deleted);
      await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();

      await page.goto(ROUTES.login);
      await submitSignIn(page, shopper);
      await toastShows(page, MESSAGES.login.invalidCredentials);
      expect(pathOf(page)).toBe(ROUTES.login);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
