import { Heading } from '../../components/Heading';

/** An admin screen's one h1, at the size of a section title: the tables and cards below it are the point. */
export function AdminPageHeading({ children }: { children: string }) {
  return (
    <Heading level={1} look={3} style={{ marginTop: 0 }}>
      {children}
    </Heading>
  );
}
