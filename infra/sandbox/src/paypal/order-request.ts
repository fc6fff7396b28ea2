import { detail, type ErrorDetail, type PaypalRefusal } from './paypal-errors.js';

export interface Money {
  currency_code: string;
  value: string;
}

/** A create-order request the sandbox accepted. */
export interface OrderRequest {
  referenceId: string;
  amount: Money;
  returnUrl?: string;
  cancelUrl?: string;
  brandName?: string;
  /** Orders created with `payment_source.paypal` wait for the payer behind a `payer-action` link, the others behind `approve`. */
  approvalRel: 'approve' | 'payer-action';
}

// PayPal's list of currencies for payments; KES is not on it, hence the shop's conversion.
const SUPPORTED_CURRENCIES = new Set([
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'HKD',
  'HUF',
  'ILS',
  'JPY',
  'MYR',
  'MXN',
  'TWD',
  'NZD',
  'NOK',
  'PHP',
  'PLN',
  'GBP',
  'SGD',
  'SEK',
  'CHF',
  'THB',
  'USD',
]);
const ZERO_DECIMAL_CURRENCIES = new Set(['HUF', 'JPY', 'TWD']);
const AMOUNT_SYNTAX = /^[0-9]+(\.[0-9]+)?$/;
const AMOUNT_MAX_LENGTH = 32;
const REFERENCE_ID_MAX_LENGTH = 256;
const BRAND_NAME_MAX_LENGTH = 127;
const URL_MAX_LENGTH = 4000;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readUrl(value: unknown, field: string, schemaIssues: ErrorDetail[]): string | undefined {
  if (value === undefined) return undefined;
  if (
    typeof value !== 'string' ||
    value.length > URL_MAX_LENGTH ||
    !URL.canParse(value) ||
    !['http:', 'https:'].includes(new URL(value).protocol)
  ) {
    schemaIssues.push(detail('INVALID_PARAMETER_SYNTAX', field, value));
    return undefined;
  }
  return value;
}

/** How many decimals a value in the currency may have. */
export function currencyDecimals(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
}

/** Reads `holder.amount` as PayPal does, sorting what is wrong into schema (400) and business (422) issues. */
export function readAmount(
  holder: Record<string, unknown>,
  path: string,
  schemaIssues: ErrorDetail[],
  businessIssues: ErrorDetail[],
): Money | undefined {
  const amount = holder.amount;
  if (!isRecord(amount)) {
    schemaIssues.push(detail('MISSING_REQUIRED_PARAMETER', `${path}/amount`));
    return undefined;
  }
  const { currency_code: currency, value } = amount;
  let valid = true;
  if (currency === undefined) {
    schemaIssues.push(detail('MISSING_REQUIRED_PARAMETER', `${path}/amount/currency_code`));
    valid = false;
  } else if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    schemaIssues.push(detail('INVALID_PARAMETER_SYNTAX', `${path}/amount/currency_code`, currency));
    valid = false;
  } else if (!SUPPORTED_CURRENCIES.has(currency)) {
    businessIssues.push(detail('CURRENCY_NOT_SUPPORTED', `${path}/amount/currency_code`, currency));
    valid = false;
  }
  if (value === undefined) {
    schemaIssues.push(detail('MISSING_REQUIRED_PARAMETER', `${path}/amount/value`));
    return undefined;
  }
  // PayPal takes amounts as strings only: a JSON number would lose the cents' exactness.
  if (typeof value !== 'string' || value.length > AMOUNT_MAX_LENGTH || !AMOUNT_SYNTAX.test(value)) {
    schemaIssues.push(
      detail(
        typeof value === 'string' && value.length > AMOUNT_MAX_LENGTH ? 'INVALID_STRING_LENGTH' : 'INVALID_PARAMETER_SYNTAX',
        `${path}/amount/value`,
        value,
      ),
    );
    return undefined;
  }
  const decimals = value.split('.')[1]?.length ?? 0;
  if (decimals > currencyDecimals(currency as string)) {
    businessIssues.push(detail('DECIMAL_PRECISION', `${path}/amount/value`, value));
    valid = false;
  } else if (Number(value) === 0) {
    businessIssues.push(detail('CANNOT_BE_ZERO_OR_NEGATIVE', `${path}/amount/value`, value));
    valid = false;
  }
  return valid ? { currency_code: currency as string, value } : undefined;
}

interface ExperienceContext {
  returnUrl?: string;
  cancelUrl?: string;
  brandName?: string;
}

function readExperienceContext(context: unknown, path: string, schemaIssues: ErrorDetail[]): ExperienceContext {
  if (context === undefined) return {};
  if (!isRecord(context)) {
    schemaIssues.push(detail('INVALID_PARAMETER_SYNTAX', path, context));
    return {};
  }
  const brandName = context.brand_name;
  if (brandName !== undefined && (typeof brandName !== 'string' || brandName.length === 0 || brandName.length > BRAND_NAME_MAX_LENGTH)) {
    schemaIssues.push(detail('INVALID_STRING_LENGTH', `${path}/brand_name`, brandName));
  }
  return {
    returnUrl: readUrl(context.return_url, `${path}/return_url`, schemaIssues),
    cancelUrl: readUrl(context.cancel_url, `${path}/cancel_url`, schemaIssues),
    brandName: typeof brandName === 'string' ? brandName : undefined,
  };
}

/**
 * Checks a `POST /v2/checkout/orders` body as PayPal does: malformed or missing fields answer 400
 * INVALID_REQUEST, well-formed values PayPal will not take (a currency it doesn't support, a third
 * decimal, zero) answer 422 UNPROCESSABLE_ENTITY, each issue naming its field.
 */
export function readOrderRequest(body: unknown): OrderRequest | PaypalRefusal {
  const schemaIssues: ErrorDetail[] = [];
  const businessIssues: ErrorDetail[] = [];
  if (!isRecord(body)) return { status: 400, details: [detail('MALFORMED_REQUEST_JSON')] };

  if (body.intent === undefined) schemaIssues.push(detail('MISSING_REQUIRED_PARAMETER', '/intent'));
  else if (body.intent !== 'CAPTURE') {
    schemaIssues.push({
      ...detail('INVALID_PARAMETER_VALUE', '/intent', body.intent),
      description: 'The sandbox emulates intent CAPTURE only.',
    });
  }

  const units = body.purchase_units;
  let referenceId = 'default';
  let amount: Money | undefined;
  if (!Array.isArray(units) || units.length === 0) {
    schemaIssues.push(detail('MISSING_REQUIRED_PARAMETER', '/purchase_units'));
  } else if (units.length > 1) {
    schemaIssues.push({
      ...detail('INVALID_PARAMETER_VALUE', '/purchase_units'),
      description: 'The sandbox emulates orders of one purchase unit only.',
    });
  } else if (!isRecord(units[0])) {
    schemaIssues.push(detail('INVALID_PARAMETER_SYNTAX', '/purchase_units/0', units[0]));
  } else {
    const unit = units[0];
    if (unit.reference_id !== undefined) {
      if (typeof unit.reference_id !== 'string' || unit.reference_id.length === 0 || unit.reference_id.length > REFERENCE_ID_MAX_LENGTH) {
        schemaIssues.push(detail('INVALID_STRING_LENGTH', '/purchase_units/0/reference_id', unit.reference_id));
      } else {
        referenceId = unit.reference_id;
      }
    }
    amount = readAmount(unit, `/purchase_units/@reference_id=='${referenceId}'`, schemaIssues, businessIssues);
  }

  let approvalRel: OrderRequest['approvalRel'] = 'approve';
  let context = readExperienceContext(body.application_context, '/application_context', schemaIssues);
  const source = body.payment_source;
  if (source !== undefined) {
    if (!isRecord(source) || !isRecord(source.paypal) || Object.keys(source).length !== 1) {
      schemaIssues.push({
        ...detail('INVALID_PARAMETER_VALUE', '/payment_source', source),
        description: 'The sandbox emulates payment_source.paypal only.',
      });
    } else {
      approvalRel = 'payer-action';
      context = {
        ...context,
        ...definedOnly(readExperienceContext(source.paypal.experience_context, '/payment_source/paypal/experience_context', schemaIssues)),
      };
    }
  }

  if (schemaIssues.length > 0) return { status: 400, details: schemaIssues };
  if (businessIssues.length > 0 || !amount) return { status: 422, details: businessIssues };
  return { referenceId, amount, ...definedOnly(context), approvalRel };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
