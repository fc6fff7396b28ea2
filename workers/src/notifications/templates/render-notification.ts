import {
  DEFAULT_NOTIFICATION_LOCALE,
  SMS_MAX_PARTS,
  type AccountMessageKind,
  type NotificationData,
  type NotificationKind,
  type NotificationLocale,
} from '@shop/contracts';
import { renderEmail, type RenderedEmail } from './email-layout.js';
import { EN } from './en.js';
import { smsPartsOf, toGsm } from './gsm.js';
import type { AccountMailData, LocaleTemplates, NotificationTemplate, SmsDraft } from './notification-template.js';

/**
 * Every language the shop writes in. Keyed by NOTIFICATION_LOCALES, so a new locale there does not
 * compile until its one template file is added here, and no sender changes.
 */
const LOCALES: Record<NotificationLocale, LocaleTemplates> = { en: EN };

export interface RenderedNotification {
  sms: string;
  email: RenderedEmail;
}

const ELLIPSIS = '...';

/**
 * The SMS in GSM characters within SMS_MAX_PARTS parts: the free texts are cut to a common length,
 * lowered until the whole fits, so the longest gives way first. A message that cannot fit even with
 * them cut to nothing is a template's mistake.
 */
function fitSms(draft: SmsDraft): string {
  const freeTexts = draft.freeTexts.map(toGsm);
  const smsWithin = (length: number) =>
    toGsm(draft.write(freeTexts.map((text) => (text.length <= length ? text : `${text.slice(0, length).trimEnd()}${ELLIPSIS}`))));
  const fits = (length: number) => smsPartsOf(smsWithin(length)) <= SMS_MAX_PARTS;
  const whole = Math.max(0, ...freeTexts.map((text) => text.length));
  if (fits(whole)) return smsWithin(whole);
  // Counting parts takes milliseconds (the library splits the text into graphemes), so the longest
  // cut that fits is searched for rather than walked down to, one character at a time.
  let longestFitting = -1;
  for (let low = 0, high = whole - 1; low <= high;) {
    const length = Math.floor((low + high) / 2);
    if (fits(length)) [longestFitting, low] = [length, length + 1];
    else high = length - 1;
  }
  if (longestFitting < 0) throw new Error(`An SMS does not fit in ${SMS_MAX_PARTS} parts even with its free texts cut: ${smsWithin(0)}`);
  return smsWithin(longestFitting);
}

export function renderNotification<K extends NotificationKind>(
  kind: K,
  data: NotificationData[K],
  locale: NotificationLocale = DEFAULT_NOTIFICATION_LOCALE,
): RenderedNotification {
  const { templates, labels } = LOCALES[locale];
  const template: NotificationTemplate<K> = templates[kind];
  return { sms: fitSms(template.sms(data)), email: renderEmail(template.email(data), labels) };
}

export function renderAccountMail(
  kind: AccountMessageKind,
  data: AccountMailData,
  locale: NotificationLocale = DEFAULT_NOTIFICATION_LOCALE,
): RenderedEmail {
  const { accountMails, labels } = LOCALES[locale];
  return renderEmail(accountMails[kind](data), labels);
}
