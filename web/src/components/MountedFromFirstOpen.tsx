import { useState, type ReactNode } from 'react';
import { LazyPart } from './LazyPart';

/**
 * For a sheet or menu whose code is a chunk of its own: nothing is rendered, and nothing downloaded,
 * until the shopper first opens it; it shows as soon as its chunk has arrived. From then on it stays
 * mounted, so that it can animate closed and open again at once.
 */
export function MountedFromFirstOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [wasOpened, setWasOpened] = useState(open);
  if (open && !wasOpened) setWasOpened(true);
  if (!wasOpened) return null;
  return <LazyPart fallback={null}>{children}</LazyPart>;
}
