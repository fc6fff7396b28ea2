import type { Response } from 'express';
import { debugId } from './paypal-ids.js';

export interface ErrorDetail {
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'header';
  issue: string;
  description: string;
}

export type ErrorStatus = 400 | 404 | 422 | 500;

/** A refusal in PayPal's REST shape, to be sent as it is. */
export interface PaypalRefusal {
  status: ErrorStatus;
  details: ErrorDetail[];
  links?: { href: string; rel: string; method: string }[];
}

const ERROR_NAMES: Record<ErrorStatus, { name: string; message: string }> = {
  400: { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.' },
  404: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' },
  422: {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  },
  500: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.' },
};

/** The descriptions PayPal gives for the issues the sandbox raises. */
export const ISSUE_DESCRIPTIONS = {
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  MISSING_REQUIRED_PARAMETER: 'A required field / parameter is missing.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_STRING_LENGTH: 'The value of a field is either too short or too long.',
  DECIMAL_PRECISION: 'If the currency supports decimals, only two decimal place precision is supported.',
  CANNOT_BE_ZERO_OR_NEGATIVE:
    'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  CURRENCY_NOT_SUPPORTED:
    'Currency code is not currently supported. Please refer https://developer.paypal.com/docs/api/reference/currency-codes/ for list of supported currency codes.',
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
  INSTRUMENT_DECLINED: "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded',
  REFUND_CAPTURE_CURRENCY_MISMATCH: 'Refund must be in the same currency as the capture',
  REFUND_AMOUNT_EXCEEDED: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
} as const;

export type Issue = keyof typeof ISSUE_DESCRIPTIONS;

export function detail(issue: Issue, field?: string, value?: unknown, location: ErrorDetail['location'] = 'body'): ErrorDetail {
  return {
    ...(field === undefined ? {} : { field }),
    ...(value === undefined ? {} : { value: typeof value === 'string' ? value : JSON.stringify(value) }),
    location,
    issue,
    description: ISSUE_DESCRIPTIONS[issue],
  };
}

export function isRefusal<Accepted extends object>(value: Accepted | PaypalRefusal): value is PaypalRefusal {
  return 'status' in value;
}

/** The 404 for an id in the path that names nothing: `field` is PayPal's name for the path parameter (`order_id`, `capture_id`, …). */
export function resourceNotFound(field: string, id: string): PaypalRefusal {
  return { status: 404, details: [detail('INVALID_RESOURCE_ID', field, id, 'path')] };
}

/** `api` names the PayPal API whose error reference the information links point into. */
export function sendRefusal(
  response: Response,
  { status, details, links = [] }: PaypalRefusal,
  api: 'orders' | 'payments' = 'orders',
): void {
  const { name, message } = ERROR_NAMES[status];
  response.status(status).json({
    name,
    details,
    message,
    debug_id: debugId(),
    links: [
      ...links,
      ...details.map(({ issue }) => ({
        href: `https://developer.paypal.com/docs/api/${api}/v2/#error-${issue}`,
        rel: 'information_link',
        method: 'GET',
      })),
    ],
  });
}
