import type { FormRule } from 'antd';
import { MESSAGES, ROUTES, type AccountProfile } from '@shop/contracts';
import { passwordsMatch } from '../auth/password-rules';
import { linkedOrderId, withoutOrderLink } from '../orders/order-link';
import { accountTabLink, accountTabOf, searchForTab } from './account-tabs';
import { confirmsAccountEmail, deletionOf, PROFILE_PHONE_RULE, profileChangesOf, profileFormValuesOf } from './profile-form';

const profile: AccountProfile = {
  userName: 'Wanjiru',
  email: 'Wanjiru@Example.test',
  emailVerified: true,
  phone: '254712345678',
  notifyBySms: true,
  notifyByEmail: false,
  hasPassword: true,
  googleLinked: false,
};

/** What antd's form does with a rule: the validator's promise settles with the field's verdict. */
async function verdictOf(rule: FormRule, typed: string): Promise<string | null> {
  const validator = (rule as { validator: (rule: unknown, value: string) => Promise<void> }).validator;
  return validator({}, typed).then(
    () => null,
    (error: Error) => error.message,
  );
}

describe('the profile form', () => {
  it('shows the saved phone the way Kenyans write it, and an empty field for none', () => {
    expect(profileFormValuesOf(profile)).toEqual({ userName: 'Wanjiru', phone: '0712 345 678', notifyBySms: true, notifyByEmail: false });
    expect(profileFormValuesOf({ ...profile, phone: null }).phone).toBe('');
  });

  it('sends nothing for a form left as loaded', () => {
    expect(profileChangesOf(profile, profileFormValuesOf(profile))).toEqual({});
    expect(profileChangesOf(profile, { ...profileFormValuesOf(profile), userName: '  Wanjiru ', phone: '+254 712 345 678' })).toEqual({});
  });

  it('sends only what changed: the name trimmed, the phone as the api keeps it, each message choice', () => {
    const typed = { userName: ' Wanjiru Kamau ', phone: '0722 000 111', notifyBySms: false, notifyByEmail: true };
    expect(profileChangesOf(profile, typed)).toEqual({
      userName: 'Wanjiru Kamau',
      phone: '254722000111',
      notifyBySms: false,
      notifyByEmail: true,
    });
  });

  it('removes the phone when the field is emptied, and sends one that is no Kenyan mobile as typed for the api to refuse', () => {
    expect(profileChangesOf(profile, { ...profileFormValuesOf(profile), phone: '   ' })).toEqual({ phone: null });
    expect(profileChangesOf(profile, { ...profileFormValuesOf(profile), phone: ' 12345 ' })).toEqual({ phone: '12345' });
  });

  it('checks the phone as the address form does, and lets it be left empty', async () => {
    expect(await verdictOf(PROFILE_PHONE_RULE, '0712 345 678')).toBeNull();
    expect(await verdictOf(PROFILE_PHONE_RULE, '+254112345678')).toBeNull();
    expect(await verdictOf(PROFILE_PHONE_RULE, '')).toBeNull();
    expect(await verdictOf(PROFILE_PHONE_RULE, '0712 345')).toBe(MESSAGES.address.invalidPhone);
    expect(await verdictOf(PROFILE_PHONE_RULE, 'my phone')).toBe(MESSAGES.address.invalidPhone);
  });
});

describe('the password fields', () => {
  it('take the new password typed again only when it is the same, spaces included', () => {
    expect(passwordsMatch('simba-safari-2', 'simba-safari-2')).toBe(true);
    expect(passwordsMatch('simba-safari-2', 'simba-safari-2 ')).toBe(false);
    expect(passwordsMatch('simba-safari-2', 'Simba-safari-2')).toBe(false);
    // An empty confirmation is the required rule's to report, not a mismatch.
    expect(passwordsMatch('simba-safari-2', '')).toBe(true);
  });
});

describe('deleting the account', () => {
  it('is confirmed by the account’s e-mail only, compared as sign-in compares e-mails', () => {
    expect(confirmsAccountEmail(' wanjiru@example.TEST ', profile)).toBe(true);
    expect(confirmsAccountEmail('wanjiru@example.com', profile)).toBe(false);
    expect(confirmsAccountEmail(undefined, profile)).toBe(false);
  });

  it('sends the password only for an account that has one', () => {
    expect(deletionOf(profile, { confirmEmail: ' wanjiru@example.test', password: 'twiga-safari-1' })).toEqual({
      confirmEmail: 'wanjiru@example.test',
      password: 'twiga-safari-1',
    });
    expect(deletionOf({ hasPassword: false }, { confirmEmail: 'wanjiru@example.test', password: 'typed anyway' })).toEqual({
      confirmEmail: 'wanjiru@example.test',
    });
  });
});

describe('links into the account page', () => {
  it('open the tab the address names, the Orders tab otherwise', () => {
    expect(accountTabOf(new URLSearchParams('tab=profile'))).toBe('profile');
    expect(accountTabOf(new URLSearchParams('tab=address'))).toBe('address');
    expect(accountTabOf(new URLSearchParams(''))).toBe('orders');
    expect(accountTabOf(new URLSearchParams('tab=admin'))).toBe('orders');
  });

  it('open the Orders tab for a message’s link to an order, whatever tab the address names', () => {
    const search = new URLSearchParams(new URL(ROUTES.shopAccountOrder(57), 'http://shop.test').search);
    expect(linkedOrderId(search)).toBe(57);
    expect(accountTabOf(new URLSearchParams('tab=profile&order=57'))).toBe('orders');
  });

  it('name no order for an id that is not a whole positive number', () => {
    for (const search of ['', 'order=', 'order=0', 'order=-3', 'order=1.5', 'order=abc', `order=${Number.MAX_SAFE_INTEGER + 2}`]) {
      expect(linkedOrderId(new URLSearchParams(search))).toBeNull();
    }
  });

  it('drop the order once its dialog opened, keeping the rest of the address', () => {
    expect(withoutOrderLink(new URLSearchParams('order=57&tab=orders')).toString()).toBe('tab=orders');
  });

  it('keep the chosen tab in the address, and the Orders tab’s address bare', () => {
    expect(searchForTab(new URLSearchParams(''), 'profile').toString()).toBe('tab=profile');
    expect(searchForTab(new URLSearchParams('tab=profile'), 'orders').toString()).toBe('');
    expect(accountTabLink('profile')).toBe(`${ROUTES.shopAccount}?tab=profile`);
    expect(accountTabLink('orders')).toBe(ROUTES.shopAccount);
  });
});
