import type { ReactNode } from 'react';
import { useScreens } from '../../../app/useScreens';
import { Heading } from '../../../components/Heading';

/** A home page section's h2, smaller on a phone; its id names the section for screen readers (aria-labelledby). */
export function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  const isPhone = useScreens().sm !== true;
  return (
    <Heading level={2} look={isPhone ? 3 : 2} id={id} style={{ textAlign: 'center', marginTop: 0 }}>
      {children}
    </Heading>
  );
}
