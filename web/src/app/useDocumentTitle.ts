import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { documentTitle, pageTitleOf } from './document-title';
import { useAppSelector } from './hooks';

/** Keeps `document.title` on the matched route's page name ('Checkout – Toy Duka'), for tabs, history and screen readers. */
export function useDocumentTitle(): void {
  const matches = useMatches();
  const { search } = useLocation();
  const title = useAppSelector((state) => documentTitle(pageTitleOf(matches, state, new URLSearchParams(search))));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
