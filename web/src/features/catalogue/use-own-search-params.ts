import { useCallback, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

interface OwnWriteState {
  searchParamsWriter: number;
}

function writerOf(state: unknown): number | undefined {
  return typeof state === 'object' && state !== null && 'searchParamsWriter' in state
    ? (state as OwnWriteState).searchParamsWriter
    : undefined;
}

/**
 * A page's query string, telling the page's own writes apart from arrivals (a header link, back and
 * forward, a reload, a typed address). The router applies writes in a transition, so a write can
 * land after the state it came from has moved on; comparing values would then mistake it for an
 * arrival. Instead each write is stamped with a number of this mount, which no reload or later
 * visit shares.
 */
export function useOwnSearchParams() {
  const [writer] = useState(Math.random);
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const writeSearchParams = useCallback(
    (next: URLSearchParams) => setSearchParams(next, { replace: true, state: { searchParamsWriter: writer } satisfies OwnWriteState }),
    [setSearchParams, writer],
  );
  /** The history entry the visitor arrived at, or null while the address is one this page wrote. */
  const arrivalKey = writerOf(location.state) === writer ? null : location.key;
  return { searchParams, arrivalKey, writeSearchParams };
}
