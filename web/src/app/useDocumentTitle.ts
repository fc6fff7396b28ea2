import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { documentTitle, pageTitleOf } from './document-title';
import { useAppSelector } from './hooks';

/** Keeps `document.title` on the matched route's page name ('Checkout – Toy Duka'), for tabs, history and screen readers. */
export function useDocumentTitle(): void {
  const matches = useMatches();
  const title = useAppSelector((state) => documentTitle(pageTitleOf(matches, state)));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
