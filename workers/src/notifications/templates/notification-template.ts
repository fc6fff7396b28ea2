import type { AccountMessageKind, NotificationData, NotificationKind, OrderNotificationFacts } from '@shop/contracts';

/**
 * An SMS with the texts in it the shop did not write (a reason, a product's title, a shopper's name,
 * a reference someone typed), which are shortened when the whole would pass two parts: the shop's
 * own pieces (order number, total, link) must reach the reader whole.
 */
export interface SmsDraft {
  freeTexts: string[];
  write: (freeTexts: string[]) => string;
}

/** An e-mail's words; the layout (email-layout.ts) makes its plain-text and HTML parts alike from them. */
export interface EmailDraft {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** The order whose lines and total the e-mail lists. */
  order?: OrderNotificationFacts;
  action: { label: string; url: string };
}

export interface NotificationTemplate<K extends NotificationKind> {
  sms: (data: NotificationData[K]) => SmsDraft;
  email: (data: NotificationData[K]) => EmailDraft;
}

/** The words the e-mail layout puts around every order. */
export interface EmailLabels {
  order: (orderId: number) => string;
  item: string;
  quantity: string;
  amount: string;
  delivery: string;
  total: string;
  signature: string;
}

/** A mail about the account itself (e-mail only): whom it greets, the link and how long the link works. */
export interface AccountMailData {
  userName: string;
  linkUrl: string;
  validForMs: number;
}

/** One language's messages: every kind has its template, or the language does not compile. */
export interface LocaleTemplates {
  templates: { [K in NotificationKind]: NotificationTemplate<K> };
  accountMails: { [K in AccountMessageKind]: (data: AccountMailData) => EmailDraft };
  labels: EmailLabels;
}
