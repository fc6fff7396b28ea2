import { useState } from 'react';

/**
 * Runs a write on one item of a list (a mutation whose outcome a toast tells) and knows which items
 * wait for theirs, so that each card's button spins on its own while others may be written too.
 */
export function useItemsInFlight<Id = number>(write: (id: Id) => Promise<unknown>): { run: (id: Id) => Promise<void>; inFlight: Id[] } {
  const [inFlight, setInFlight] = useState<Id[]>([]);
  async function run(id: Id) {
    setInFlight((ids) => [...ids, id]);
    await write(id);
    setInFlight((ids) => ids.filter((waiting) => waiting !== id));
  }
  return { run, inFlight };
}
