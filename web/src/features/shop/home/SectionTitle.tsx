import { Grid, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A home page section's heading; its id names the section for screen readers (aria-labelledby). */
export function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  const isPhone = Grid.useBreakpoint().sm !== true;
  return (
    <Typography.Title level={isPhone ? 3 : 2} id={id} style={{ textAlign: 'center', marginTop: 0 }}>
      {children}
    </Typography.Title>
  );
}
