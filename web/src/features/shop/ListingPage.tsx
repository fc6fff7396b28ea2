import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Col, Drawer, Flex, Pagination, Row, theme, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { CATEGORIES, LISTING_PAGE, MESSAGES, type ProductFilterGroupId, type SortOption } from '@shop/contracts';
import { messageOfFailure } from '../../app/shop.api';
import { useScrollBehavior } from '../../app/theme';
import { useScreens } from '../../app/useScreens';
import { Heading } from '../../components/Heading';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { useGetListingQuery } from '../catalogue/catalogue.api';
import { storedListingFilters, storeListingFilters } from '../catalogue/listing-filters';
import { activeFilterCount, listingAddress, listingOnEntry, toggleFilterValue, type ListingQuery } from '../catalogue/listing-request';
import { ListingFilters } from '../catalogue/ListingFilters';
import { ProductGrid } from '../catalogue/ProductGrid';
import { SortMenu } from '../catalogue/SortMenu';
import { useOwnSearchParams } from '../catalogue/use-own-search-params';

function listingTitle(query: ListingQuery): string {
  const categories = query.filters.category ?? [];
  const onlyCategory = categories.length === 1 ? CATEGORIES.find((category) => category.id === categories[0]) : undefined;
  return onlyCategory?.label ?? 'All Products';
}

/**
 * /shop/listing: filters, sort, count, product grid and pages; the address and the tab's session remember the filters.
 */
export function ListingPage() {
  const { searchParams, arrivalKey, writeSearchParams } = useOwnSearchParams();
  const [query, setQuery] = useState(() => listingOnEntry(searchParams));
  const { currentData, isFetching, isError, error: failure, refetch } = useGetListingQuery(query);
  const error = isError ? messageOfFailure(failure, MESSAGES.products.fetchFailed) : null;
  const isLoading = isFetching && currentData === undefined;
  const { items = [], total = 0 } = currentData ?? {};
  const screens = useScreens();
  const isLarge = screens.lg === true;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { token } = theme.useToken();
  const scrollBehavior = useScrollBehavior();

  const show = useCallback(
    (next: ListingQuery) => {
      setQuery(next);
      storeListingFilters(next.filters);
      const address = listingAddress(next);
      if (address.toString() !== searchParams.toString()) writeSearchParams(address);
    },
    [searchParams, writeSearchParams],
  );

  // On entry (docs/product.md, Catalogue), and when the header changes the category under us, the sort starts over
  // and the filters come from the session (the address's own groups winning).
  useEffect(() => {
    if (arrivalKey !== null) show(listingOnEntry(searchParams, storedListingFilters()));
  }, [arrivalKey, searchParams, show]);

  const toggleFilter = (group: ProductFilterGroupId, value: string) =>
    show({ ...query, filters: toggleFilterValue(query.filters, group, value), page: 1 });
  const clearFilters = () => show({ ...query, filters: {}, page: 1 });
  const changeSort = (sortBy: SortOption) => show({ ...query, sortBy, page: 1 });
  const changePage = (page: number) => {
    show({ ...query, page });
    window.scrollTo({ top: 0, behavior: scrollBehavior });
  };

  const filters = <ListingFilters filters={query.filters} onToggle={toggleFilter} onClear={clearFilters} />;
  const chosenFilters = activeFilterCount(query.filters);

  return (
    <Row gutter={[24, 16]}>
      {isLarge && (
        <Col lg={6} xl={5}>
          <Card title="Filters" size="small">
            {filters}
          </Card>
        </Col>
      )}
      <Col xs={24} lg={18} xl={19}>
        <Flex vertical gap={token.marginMD}>
          <Flex align="center" justify="space-between" gap={token.marginSM} wrap>
            <Flex vertical>
              <Heading level={1} look={3} style={{ margin: 0 }}>
                {listingTitle(query)}
              </Heading>
              <Typography.Text type="secondary" aria-live="polite">
                {isLoading || error ? '\u00a0' : MESSAGES.catalogue.productCount(total)}
              </Typography.Text>
            </Flex>
            <Flex gap={token.marginXS}>
              {!isLarge && (
                <Badge count={chosenFilters} size="small">
                  <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen(true)}>
                    Filters
                  </Button>
                </Badge>
              )}
              <SortMenu sortBy={query.sortBy} onChange={changeSort} showCurrent={screens.sm === true} />
            </Flex>
          </Flex>
          <LoadFailureAlert error={error} onRetry={() => void refetch()} retrying={isFetching} />
          {!error && (
            <ProductGrid products={items} isLoading={isLoading} emptyText={MESSAGES.catalogue.noMatchingProducts} titleLevel={2} />
          )}
          <Pagination
            align="center"
            current={query.page}
            pageSize={LISTING_PAGE.defaultSize}
            total={total}
            showSizeChanger={false}
            hideOnSinglePage
            onChange={changePage}
          />
        </Flex>
      </Col>
      {!isLarge && (
        <Drawer title="Filters" placement="left" size={300} open={filtersOpen} onClose={() => setFiltersOpen(false)}>
          {filters}
        </Drawer>
      )}
    </Row>
  );
}
