/**
 * Phone numbers whose STK push ends a known way in the sandbox (docs/sandbox-mpesa.md). The last
 * four digits of the made-up ones spell the result code, so a tester can type one from memory.
 * Any other valid number pays successfully.
 */
export const DARAJA_TEST_NUMBERS = {
  /** Safaricom's public sandbox test number: it pays on their sandbox too. */
  success: '254708374149',
  cancelled: '254700001032',
  insufficientFunds: '254700000001',
  wrongPin: '254700002001',
  /** The phone is off: no callback ever comes, only a query learns the result. */
  unreachable: '254700001037',
  expired: '254700001019',
} as const;

export type DarajaTestNumber = keyof typeof DARAJA_TEST_NUMBERS;

export interface StkOutcome {
  resultCode: number;
  resultDesc: string;
  /** False when Daraja never calls back (the phone could not be reached). */
  callsBack: boolean;
}

/** Daraja's own ResultDesc wording for each outcome. */
const SUCCESS: StkOutcome = { resultCode: 0, resultDesc: 'The service request is processed successfully.', callsBack: true };

const OUTCOMES: Record<string, StkOutcome> = {
  [DARAJA_TEST_NUMBERS.cancelled]: { resultCode: 1032, resultDesc: 'Request cancelled by user', callsBack: true },
  [DARAJA_TEST_NUMBERS.insufficientFunds]: {
    resultCode: 1,
    resultDesc: 'The balance is insufficient for the transaction.',
    callsBack: true,
  },
  [DARAJA_TEST_NUMBERS.wrongPin]: { resultCode: 2001, resultDesc: 'The initiator information is invalid.', callsBack: true },
  [DARAJA_TEST_NUMBERS.unreachable]: { resultCode: 1037, resultDesc: 'DS timeout user cannot be reached', callsBack: false },
  [DARAJA_TEST_NUMBERS.expired]: { resultCode: 1019, resultDesc: 'Transaction has expired', callsBack: true },
};

export function stkOutcomeFor(phone: string): StkOutcome {
  return OUTCOMES[phone] ?? SUCCESS;
}
