import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../app/hooks';

/** Reads a screen's data again each time the live connection comes back while it is open: what changed meanwhile was not told. */
export function useReadAgainOnReconnect(readAgain: () => unknown): void {
  const reconnections = useAppSelector((state) => state.realtime.reconnections);
  const seen = useRef(reconnections);
  useEffect(() => {
    if (reconnections === seen.current) return;
    seen.current = reconnections;
    void readAgain();
  }, [reconnections, readAgain]);
}
