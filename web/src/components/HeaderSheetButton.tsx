import { Badge, Button } from 'antd';
import type { ReactNode } from 'react';
import { MountedFromFirstOpen } from './MountedFromFirstOpen';

interface HeaderSheetButtonProps {
  icon: ReactNode;
  label: string;
  /** Shown on the button's badge. */
  count: number;
  open: boolean;
  onOpen: () => void;
  /** The sheet the button opens, its code a chunk of its own: mounted from its first opening. */
  sheet: ReactNode;
}

/** A round header button with a count, such as the cart's or the wishlist's, and the sheet it opens. */
export function HeaderSheetButton({ icon, label, count, open, onOpen, sheet }: HeaderSheetButtonProps) {
  return (
    <>
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button type="text" shape="circle" size="large" icon={icon} aria-label={label} onClick={onOpen} />
      </Badge>
      <MountedFromFirstOpen open={open}>{sheet}</MountedFromFirstOpen>
    </>
  );
}
