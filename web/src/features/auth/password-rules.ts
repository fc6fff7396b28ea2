import type { FormRule } from 'antd';
import { MESSAGES } from '@shop/contracts';

/** Whether the password typed again is the new one: exactly, since a password's spaces count. */
export function passwordsMatch(password: string | undefined, again: string | undefined): boolean {
  return (again ?? '') === '' || again === password;
}

/** The rule of a "Confirm new password" field, read against the form's field `of`. */
export function confirmationRule(of: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, again: string | undefined) =>
      passwordsMatch(getFieldValue(of) as string | undefined, again)
        ? Promise.resolve()
        : Promise.reject(new Error(MESSAGES.accountScreens.passwordsDiffer)),
  });
}
