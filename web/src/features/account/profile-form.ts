import type { FormRule } from 'antd';
import { MESSAGES, normaliseEmail, type AccountProfile } from '@shop/contracts';
import { formatKenyanMobile, kenyanMobileNumber } from '@shop/contracts/phone';
import { phoneLooksWrong } from '../addresses/address-form';
import type { AccountDeletion, ProfileChanges } from './account.api';

/** The Profile tab's form as typed. */
export interface ProfileFormValues {
  userName: string;
  phone: string;
  notifyBySms: boolean;
  notifyByEmail: boolean;
}

export function profileFormValuesOf(profile: AccountProfile): ProfileFormValues {
  return {
    userName: profile.userName,
    phone: profile.phone === null ? '' : formatKenyanMobile(profile.phone),
    notifyBySms: profile.notifyBySms,
    notifyByEmail: profile.notifyByEmail,
  };
}

/**
 * The phone as the api keeps it (2547…), null for none, or as typed when it is no Kenyan mobile, so
 * that the api's refusal says why.
 */
function phoneToSend(typed: string): string | null {
  const trimmed = typed.trim();
  return trimmed === '' ? null : (kenyanMobileNumber(trimmed) ?? trimmed);
}

/** Only what differs from the profile as loaded: a field left out stays as it is on the server. */
export function profileChangesOf(profile: AccountProfile, values: ProfileFormValues): ProfileChanges {
  const changes: ProfileChanges = {};
  const userName = values.userName.trim();
  if (userName !== profile.userName) changes.userName = userName;
  const phone = phoneToSend(values.phone);
  if (phone !== profile.phone) changes.phone = phone;
  if (values.notifyBySms !== profile.notifyBySms) changes.notifyBySms = values.notifyBySms;
  if (values.notifyByEmail !== profile.notifyByEmail) changes.notifyByEmail = values.notifyByEmail;
  return changes;
}

/** The address form's check, so a phone the checkout would refuse is refused here too; blank removes the phone. */
export const PROFILE_PHONE_RULE: FormRule = {
  validator: (_rule, typed: string | undefined) =>
    phoneLooksWrong(typed ?? '') ? Promise.reject(new Error(MESSAGES.address.invalidPhone)) : Promise.resolve(),
};

/** The e-mail typed to confirm a deletion names this account, compared as the api and sign-in compare e-mails. */
export function confirmsAccountEmail(typed: string | undefined, profile: Pick<AccountProfile, 'email'>): boolean {
  return normaliseEmail(typed ?? '') === normaliseEmail(profile.email);
}

/** What a deletion sends: the password only when the account has one to ask for. */
export function deletionOf(
  profile: Pick<AccountProfile, 'hasPassword'>,
  typed: { confirmEmail: string; password?: string },
): AccountDeletion {
  return profile.hasPassword
    ? { confirmEmail: typed.confirmEmail.trim(), password: typed.password ?? '' }
    : { confirmEmail: typed.confirmEmail.trim() };
}
