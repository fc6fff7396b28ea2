import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { linkedOrderId, withoutOrderLink } from './order-link';

/** Opens the order a message's link names (`?order=<id>`) once; the address then drops it, so the same link works again later. */
export function useLinkedOrder(open: (orderId: number) => void): void {
  const [search, setSearch] = useSearchParams();
  const linkedOrder = linkedOrderId(search);
  useEffect(() => {
    if (linkedOrder === null) return;
    open(linkedOrder);
    setSearch(withoutOrderLink, { replace: true });
  }, [linkedOrder, open, setSearch]);
}
