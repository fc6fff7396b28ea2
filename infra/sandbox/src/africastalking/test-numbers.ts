/**
 * Numbers whose SMS ends a known way in the sandbox (docs/sandbox.md). The last digits spell the
 * recipient status code, so a tester can type one from memory; 2547000… numbers are never a test
 * shopper's own (@shop/testing's newPhone), nor one of Daraja's. Any other Kenyan mobile is sent and delivered.
 */
export const AFRICAS_TALKING_TEST_NUMBERS = {
  invalidPhoneNumber: '+254700000403',
  insufficientBalance: '+254700000405',
  userInBlacklist: '+254700000406',
  /** Sent (101), then the delivery report says Failed: the phone is off. */
  absentSubscriber: '+254700001101',
  /** The whole request answers HTTP 500 every other time: the first send fails, its retry goes through. */
  serverError: '+254700000500',
} as const;

export type AfricasTalkingTestNumber = keyof typeof AFRICAS_TALKING_TEST_NUMBERS;

export interface RecipientOutcome {
  statusCode: number;
  /** Africa's Talking's own spelling of the recipient status. */
  status: string;
  /** What the delivery report of a sent message says; only sent messages get one. */
  delivery?: { status: string; failureReason?: string };
}

export const SENT: RecipientOutcome = { statusCode: 101, status: 'Success', delivery: { status: 'Success' } };
export const INVALID_PHONE_NUMBER: RecipientOutcome = { statusCode: 403, status: 'InvalidPhoneNumber' };
export const INVALID_SENDER_ID: RecipientOutcome = { statusCode: 402, status: 'InvalidSenderId' };

const OUTCOMES: Record<string, RecipientOutcome> = {
  [AFRICAS_TALKING_TEST_NUMBERS.invalidPhoneNumber]: INVALID_PHONE_NUMBER,
  [AFRICAS_TALKING_TEST_NUMBERS.insufficientBalance]: { statusCode: 405, status: 'InsufficientBalance' },
  [AFRICAS_TALKING_TEST_NUMBERS.userInBlacklist]: { statusCode: 406, status: 'UserInBlacklist' },
  [AFRICAS_TALKING_TEST_NUMBERS.absentSubscriber]: { ...SENT, delivery: { status: 'Failed', failureReason: 'AbsentSubscriber' } },
};

export function recipientOutcomeFor(number: string): RecipientOutcome {
  return OUTCOMES[number] ?? SENT;
}
