import type { CSSProperties, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CategoryId } from '@shop/contracts';
import { storeListingFilters } from '../../catalogue/listing-filters';
import { listingStep } from '../shop-navigation';

interface ListingLinkProps {
  /** The one category to show, or null for every toy. */
  category: CategoryId | null;
  children: ReactNode;
  style?: CSSProperties;
}

/** A link to the listing that also replaces the stored filters, which the listing reads on entry (docs/product.md, Catalogue). */
export function ListingLink({ category, children, style }: ListingLinkProps) {
  const step = listingStep(category);
  return (
    <Link to={step.to} onClick={() => storeListingFilters(step.filters)} style={style}>
      {children}
    </Link>
  );
}

/** The same for a button: opens the listing on a category (or on every toy) with the stored filters replaced. */
export function useOpenListing(): (category: CategoryId | null) => void {
  const navigate = useNavigate();
  return (category) => {
    const step = listingStep(category);
    storeListingFilters(step.filters);
    navigate(step.to);
  };
}
