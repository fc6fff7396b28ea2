/**
 * How many SMS, and how many e-mails, the sandbox keeps: the outbox is for looking at recent
 * messages, and an afternoon of tests must not grow the sandbox's memory without end.
 */
export const KEPT_MESSAGES = 500;
