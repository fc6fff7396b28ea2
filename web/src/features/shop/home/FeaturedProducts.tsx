import { ArrowRightOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { MESSAGES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadFailureAlert } from '../../../components/LoadFailureAlert';
import { featuredMoreRequested, featuredProductsRequested, featuredRetryRequested } from '../../catalogue/catalogue.slice';
import { featuredEndText } from '../../catalogue/product-presentation';
import { ProductGrid } from '../../catalogue/ProductGrid';
import { ListingLink } from './ListingLink';
import { SectionTitle } from './SectionTitle';

/** The next page is asked for this far before the sentinel scrolls into view, so a steady scroll rarely waits. */
const READ_AHEAD = '600px 0px';

/**
 * 'Feature Products': every toy, cheapest first (docs/product.md, Catalogue), a page at a time as the
 * shopper scrolls. The button under the grid is the sentinel the observer watches, and also the way
 * on for a keyboard or a browser without IntersectionObserver.
 */
export function FeaturedProducts() {
  const dispatch = useAppDispatch();
  const { items, total, isLoading, isComplete, error } = useAppSelector((state) => state.catalogue.featured);
  const sentinel = useRef<HTMLDivElement>(null);
  const canReadMore = items.length > 0 && !isComplete && error === null;

  useEffect(() => {
    dispatch(featuredProductsRequested());
  }, [dispatch]);

  // Observed afresh after every page: a sentinel still in view after a short page asks again at once.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !canReadMore || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) dispatch(featuredMoreRequested());
      },
      { rootMargin: READ_AHEAD },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [dispatch, canReadMore, items.length]);

  const firstPageFailed = error !== null && items.length === 0;

  return (
    <section aria-labelledby="feature-products" aria-busy={isLoading}>
      <SectionTitle id="feature-products">Feature Products</SectionTitle>
      {!firstPageFailed && <ProductGrid products={items} isLoading={isLoading && items.length === 0} emptyText={MESSAGES.products.empty} />}
      <Flex ref={sentinel} vertical align="center" gap={12} style={{ marginTop: 24 }}>
        <div role="status">
          {isLoading && items.length > 0 && (
            <Flex align="center" gap={8}>
              <Spin size="small" />
              <Typography.Text type="secondary">Loading more toys…</Typography.Text>
            </Flex>
          )}
          {isComplete && total !== null && total > 0 && <Typography.Text type="secondary">{featuredEndText(total)}</Typography.Text>}
        </div>
        {canReadMore && !isLoading && <Button onClick={() => dispatch(featuredMoreRequested())}>Show more toys</Button>}
      </Flex>
      <LoadFailureAlert error={error} onRetry={() => dispatch(featuredRetryRequested())} retrying={isLoading} />
      <Flex justify="center" style={{ marginTop: 24 }}>
        <ListingLink category={null} style={{ fontWeight: 600, fontSize: 16 }}>
          View all toys <ArrowRightOutlined aria-hidden />
        </ListingLink>
      </Flex>
    </section>
  );
}
