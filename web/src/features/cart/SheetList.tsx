import { theme } from 'antd';
import type { ReactNode } from 'react';

/** The rows of the cart and wishlist sheets, as a list for screen readers, divided by hairlines. */
export function SheetList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {children}
    </ul>
  );
}

export function SheetListItem({ isBusy, children }: { isBusy: boolean; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <li aria-busy={isBusy} style={{ paddingBlock: token.paddingSM, borderBottom: `1px solid ${token.colorSplit}` }}>
      {children}
    </li>
  );
}
