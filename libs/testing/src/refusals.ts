import type { ApiFailure, ErrorCode, ErrorData } from '@shop/contracts';

/** The body the api answers a refusal with: what a spec expects of a refused request. */
export function refusalAnswer<C extends ErrorCode>(code: C, message: string, data?: ErrorData<C>): ApiFailure {
  return { success: false, code, message, data: data ?? {} } as ApiFailure;
}
