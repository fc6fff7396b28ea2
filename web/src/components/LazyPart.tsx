import { Component, Suspense, type ReactNode } from 'react';

interface LazyPartProps {
  /** Shown while the part's code loads, and in its place if the code cannot be had. */
  fallback: ReactNode;
  children: ReactNode;
}

class LoadFailureBoundary extends Component<LazyPartProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A part of a screen whose code is a chunk of its own (a menu, a sheet). A download that fails, on a
 * flaky line or in a tab left open across a release, leaves the fallback in the part's place: the
 * rest of the screen stays, where an error would otherwise take all of it to the router's error page.
 */
export function LazyPart({ fallback, children }: LazyPartProps) {
  return (
    <LoadFailureBoundary fallback={fallback}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadFailureBoundary>
  );
}
