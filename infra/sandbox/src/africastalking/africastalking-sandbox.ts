import { randomBytes } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { KEPT_MESSAGES } from '../outbox/kept-messages.js';
import { checkSend, isRoutableNumber, type AfricasTalkingApp } from './request-checks.js';
import {
  AFRICAS_TALKING_TEST_NUMBERS,
  INVALID_PHONE_NUMBER,
  INVALID_SENDER_ID,
  recipientOutcomeFor,
  SENT,
  type RecipientOutcome,
} from './test-numbers.js';

export { AFRICAS_TALKING_TEST_NUMBERS, type AfricasTalkingTestNumber } from './test-numbers.js';

/** One recipient's message, as the sandbox's outbox shows it. */
export interface SentSms {
  /** Africa's Talking's messageId, ATXid_…; refused recipients get one too (the real API answers 'None'), so the outbox can name them. */
  id: string;
  sentAt: string;
  /** The sender id the shop asked for. */
  from: string | null;
  to: string;
  message: string;
  parts: number;
  statusCode: number;
  status: string;
  cost: string;
  /** Set when the delivery report is made, whether or not the shop's callback URL took it. */
  delivery: { status: string; failureReason?: string; reportedAt: string } | null;
}

export interface AfricasTalkingSandboxOptions extends AfricasTalkingApp {
  /** The `from` values the app may send with; any other gets InvalidSenderId. */
  senderIds: string[];
  /** The app's delivery report callback, as set on Africa's Talking's dashboard; unset, reports are only recorded. */
  deliveryReportUrl?: string;
  deliveryDelayMs: number;
}

export interface AfricasTalkingSandboxControl {
  /** Newest first. */
  messages(): SentSms[];
  reset(): void;
  stop(): void;
}

export interface AfricasTalkingSandbox {
  router: Router;
  control: AfricasTalkingSandboxControl;
}

/** Africa's Talking's price of one SMS part to a Kenyan number, in shillings. */
const PART_PRICE_KES = 0.8;
/** What the real API gives as the id and cost of a recipient it did not send to. */
const NOT_SENT_ID = 'None';
const NO_COST = '0';
/** Safaricom's mobile network code: the sandbox's numbers are all on its network. */
const NETWORK_CODE = '63902';
const REPORT_TIMEOUT_MS = 5000;

const kes = (amount: number): string => `KES ${amount.toFixed(4)}`;
const isSent = ({ statusCode }: { statusCode: number }): boolean => statusCode === SENT.statusCode;

/**
 * Africa's Talking's SMS API as the shop uses it: the send, its recipient statuses and the delayed
 * delivery reports, with the outbox in memory. Mounted at SANDBOX_PATHS.africasTalking; `/control`
 * serves the test controls over HTTP.
 */
export function createAfricasTalkingSandbox(options: AfricasTalkingSandboxOptions): AfricasTalkingSandbox {
  /** Oldest first, as sent. */
  let outbox: SentSms[] = [];
  const reportTimers = new Set<NodeJS.Timeout>();
  /** Requests to the server-error number so far: the odd ones fail, so that every retry goes through. */
  let serverErrorRequests = 0;

  function outcomeFor(number: string, from: string | null): RecipientOutcome {
    if (from !== null && !options.senderIds.includes(from)) return INVALID_SENDER_ID;
    if (!isRoutableNumber(number)) return INVALID_PHONE_NUMBER;
    return recipientOutcomeFor(number);
  }

  /** Sends and forgets: Africa's Talking's retries of a report the shop did not take are out of the sandbox's scope. */
  async function postReport(url: string, record: SentSms, { status, failureReason }: NonNullable<SentSms['delivery']>): Promise<void> {
    const fields = {
      id: record.id,
      status,
      phoneNumber: record.to,
      networkCode: NETWORK_CODE,
      retryCount: '0',
      ...(failureReason ? { failureReason } : {}),
    };
    try {
      const response = await fetch(url, {
        method: 'POST',
        body: new URLSearchParams(fields),
        signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
      });
      await response.arrayBuffer();
    } catch {
      // The shop being down or slow is its own problem, as it would be with the real provider.
    }
  }

  function scheduleReport(record: SentSms, delivery: NonNullable<RecipientOutcome['delivery']>): void {
    const timer = setTimeout(() => {
      reportTimers.delete(timer);
      record.delivery = { ...delivery, reportedAt: new Date().toISOString() };
      if (options.deliveryReportUrl) void postReport(options.deliveryReportUrl, record, record.delivery);
    }, options.deliveryDelayMs);
    reportTimers.add(timer);
  }

  function send(number: string, sent: Omit<SentSms, 'id' | 'to' | 'statusCode' | 'status' | 'cost' | 'delivery'>): SentSms {
    const outcome = outcomeFor(number, sent.from);
    const record: SentSms = {
      ...sent,
      id: `ATXid_${randomBytes(16).toString('hex')}`,
      to: number,
      statusCode: outcome.statusCode,
      status: outcome.status,
      cost: isSent(outcome) ? kes(sent.parts * PART_PRICE_KES) : NO_COST,
      delivery: null,
    };
    outbox.push(record);
    if (outbox.length > KEPT_MESSAGES) outbox.shift();
    if (outcome.delivery) scheduleReport(record, outcome.delivery);
    return record;
  }

  function stopReports(): void {
    for (const timer of reportTimers) clearTimeout(timer);
    reportTimers.clear();
  }

  const control: AfricasTalkingSandboxControl = {
    messages: () => structuredClone(outbox).reverse(),
    reset() {
      stopReports();
      outbox = [];
      serverErrorRequests = 0;
    },
    stop: stopReports,
  };

  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '16kb' });

  router.post('/version1/messaging', form, (request, response) => {
    const checked = checkSend(request.body, request.get('apiKey'), options);
    if (!checked.ok) return void response.status(checked.status).type('text/plain').send(checked.reason);
    // The real API answers XML unless asked for JSON; the shop reads JSON, so it must ask.
    if (!(request.get('accept') ?? '').includes('application/json')) {
      return void response
        .status(406)
        .type('text/plain')
        .send('The sandbox answers JSON only: send Accept: application/json, as the real API would otherwise answer XML.');
    }
    const { to, message, from, parts } = checked.value;
    if (to.includes(AFRICAS_TALKING_TEST_NUMBERS.serverError) && ++serverErrorRequests % 2 === 1) {
      return void response.status(500).type('text/plain').send('Internal Server Error');
    }
    const sentAt = new Date().toISOString();
    const records = to.map((number) => send(number, { sentAt, from, message, parts }));
    const sentCount = records.filter(isSent).length;
    const totalCost = sentCount * parts * PART_PRICE_KES;
    response.status(201).json({
      SMSMessageData: {
        Message: `Sent to ${sentCount}/${records.length} Total Cost: ${totalCost > 0 ? kes(totalCost) : NO_COST}`,
        Recipients: records.map((record) => ({
          statusCode: record.statusCode,
          number: record.to,
          status: record.status,
          cost: record.cost,
          messageId: isSent(record) ? record.id : NOT_SENT_ID,
        })),
      },
    });
  });

  router.get('/control/messages', (_request, response) => {
    response.json(control.messages());
  });
  router.post('/control/reset', (_request, response) => {
    control.reset();
    response.status(204).end();
  });

  // Africa's Talking refuses an unreadable or oversized form in plain text, as it does every request error.
  router.use((error: unknown, _request: Request, response: Response, next: NextFunction) => {
    const { status, message } = error as { status?: number; message?: string };
    if (status !== undefined && status >= 400 && status < 500) response.status(status).type('text/plain').send(message);
    else next(error);
  });

  return { router, control };
}
