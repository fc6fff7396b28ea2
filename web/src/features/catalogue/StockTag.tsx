import { Tag } from 'antd';
import type { CSSProperties } from 'react';
import { stockBadge } from './product-presentation';

/** 'Out Of Stock' or 'Only {n} items left'; nothing while plenty is left. */
export function StockTag({ totalStock, style }: { totalStock: number; style?: CSSProperties }) {
  const badge = stockBadge(totalStock);
  if (!badge) return null;
  return (
    <Tag color={badge.tone} variant="solid" style={style}>
      {badge.text}
    </Tag>
  );
}
