import { ArrowRightOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { MESSAGES } from '@shop/contracts';
import { messageOfFailure } from '../../../app/shop.api';
import { LoadFailureAlert } from '../../../components/LoadFailureAlert';
import { toysOfPages, useGetFeaturedProductsInfiniteQuery } from '../../catalogue/catalogue.api';
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
  const { data, isFetching, isError, error: failure, hasNextPage, fetchNextPage, refetch } = useGetFeaturedProductsInfiniteQuery();
  const items = toysOfPages(data?.pages);
  const total = data?.pages.at(-1)?.total ?? null;
  const isComplete = data !== undefined && !hasNextPage;
  // After a failure the sentinel asks for nothing until the shopper tries again: a failing server is not hammered.
  const error = isError ? messageOfFailure(failure, MESSAGES.products.fetchFailed) : null;
  const sentinel = useRef<HTMLDivElement>(null);
  const canReadMore = items.length > 0 && !isComplete && error === null;
  const readMore = () => {
    if (!isFetching) void fetchNextPage();
  };

  // Observed afresh after every page: a sentinel still in view after a short page asks again at once.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !canReadMore || isFetching || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) readMore();
      },
      { rootMargin: READ_AHEAD },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canReadMore, isFetching, items.length]);

  const firstPageFailed = error !== null && items.length === 0;

  return (
    <section aria-labelledby="feature-products" aria-busy={isFetching}>
      <SectionTitle id="feature-products">Feature Products</SectionTitle>
      {!firstPageFailed && (
        <ProductGrid products={items} isLoading={isFetching && items.length === 0} emptyText={MESSAGES.products.empty} />
      )}
      <Flex ref={sentinel} vertical align="center" gap={12} style={{ marginTop: 24 }}>
        <div role="status">
          {isFetching && items.length > 0 && (
            <Flex align="center" gap={8}>
              <Spin size="small" />
              <Typography.Text type="secondary">Loading more toys…</Typography.Text>
            </Flex>
          )}
          {isComplete && total !== null && total > 0 && <Typography.Text type="secondary">{featuredEndText(total)}</Typography.Text>}
        </div>
        {canReadMore && !isFetching && <Button onClick={readMore}>Show more toys</Button>}
      </Flex>
      <LoadFailureAlert error={error} onRetry={() => void (items.length === 0 ? refetch() : fetchNextPage())} retrying={isFetching} />
      <Flex justify="center" style={{ marginTop: 24 }}>
        <ListingLink category={null} style={{ fontWeight: 600, fontSize: 16 }}>
          View all toys <ArrowRightOutlined aria-hidden />
        </ListingLink>
      </Flex>
    </section>
  );
}
