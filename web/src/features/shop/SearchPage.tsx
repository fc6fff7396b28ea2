import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Flex, Input, Pagination, theme, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS, LISTING_PAGE, MESSAGES } from '@shop/contracts';
import { messageOfFailure } from '../../app/shop.api';
import { useScrollBehavior } from '../../app/theme';
import { Heading } from '../../components/Heading';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { useSearchProductsQuery } from '../catalogue/catalogue.api';
import { ProductGrid } from '../catalogue/ProductGrid';
import { isSearchableKeyword, KEYWORD_PARAM, searchOnEntry, type SearchQuery } from '../catalogue/search-keyword';
import { useOwnSearchParams } from '../catalogue/use-own-search-params';

interface SearchStatusProps {
  keyword: string;
  /** The results' count once they are in; null while they are on their way, failed, or none. */
  total: number | null;
}

function SearchStatus({ keyword, total }: SearchStatusProps) {
  if (keyword.trim() === '') return <Typography.Text type="secondary">{MESSAGES.catalogue.searchPrompt}</Typography.Text>;
  if (!isSearchableKeyword(keyword)) return <Typography.Text type="secondary">{MESSAGES.search.keywordTooShort}</Typography.Text>;
  if (total === null || total === 0) return null;
  return <Typography.Text type="secondary">{MESSAGES.catalogue.productCount(total)}</Typography.Text>;
}

/**
 * The keyword as typed, and the search it leads to: a typed keyword is searched once typing has rested
 * (LIMITS.searchDebounceMs), a new page at once; one too short searches nothing.
 */
function useDebouncedSearch(address: URLSearchParams) {
  const [keyword, setKeyword] = useState(() => address.get(KEYWORD_PARAM) ?? '');
  const [searched, setSearched] = useState<SearchQuery>(() => searchOnEntry(address));
  const resting = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resting.current), []);

  const changeKeyword = useCallback((next: string, { now = false } = {}) => {
    setKeyword(next);
    clearTimeout(resting.current);
    const search = () => setSearched({ keyword: next.trim(), page: 1 });
    if (now) search();
    else resting.current = setTimeout(search, LIMITS.searchDebounceMs);
  }, []);
  const changePage = (page: number) => setSearched((current) => ({ ...current, page }));
  const query: SearchQuery | typeof skipToken =
    isSearchableKeyword(keyword) && isSearchableKeyword(searched.keyword) ? searched : skipToken;
  return { keyword, page: searched.page, query, changeKeyword, changePage } as const;
}

/** /shop/search: the keyword (kept in `?keyword=`) searches once typing rests; too short a keyword clears the results. */
export function SearchPage() {
  const { searchParams, arrivalKey, writeSearchParams } = useOwnSearchParams();
  const { keyword, page, query, changeKeyword, changePage } = useDebouncedSearch(searchParams);
  const { currentData, isFetching, isError, error: failure, refetch } = useSearchProductsQuery(query);
  const { token } = theme.useToken();
  const scrollBehavior = useScrollBehavior();
  const error = isError ? messageOfFailure(failure, MESSAGES.products.fetchFailed) : null;
  const isLoading = isFetching && currentData === undefined;
  const { items = [], total = 0 } = currentData ?? {};

  // A header search, back and forward: the address's keyword is searched at once.
  useEffect(() => {
    if (arrivalKey !== null) changeKeyword(searchParams.get(KEYWORD_PARAM) ?? '', { now: true });
  }, [arrivalKey, searchParams, changeKeyword]);

  const typeKeyword = (next: string) => {
    changeKeyword(next);
    writeSearchParams(new URLSearchParams(next === '' ? {} : { [KEYWORD_PARAM]: next }));
  };
  const turnPage = (next: number) => {
    changePage(next);
    window.scrollTo({ top: 0, behavior: scrollBehavior });
  };
  const hasAnswer = query !== skipToken && (isLoading || currentData !== undefined || error !== null);

  return (
    <Flex vertical gap={token.marginMD}>
      <Flex vertical gap={token.marginXS} style={{ width: '100%', maxWidth: 640, alignSelf: 'center' }}>
        <Heading level={1} look={3} style={{ margin: 0 }}>
          Search toys
        </Heading>
        <Input
          size="large"
          autoFocus
          allowClear={{ clearIcon: <CloseCircleFilled aria-label="Clear the keyword" /> }}
          // Padding around the 12 px icon makes the 24 px target WCAG 2.5.8 asks of the clear button.
          styles={{ clear: { padding: 6 } }}
          type="search"
          value={keyword}
          onChange={(event) => typeKeyword(event.target.value)}
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Search toys"
          aria-label="Search keyword"
          enterKeyHint="search"
        />
        <div aria-live="polite">
          <SearchStatus keyword={keyword} total={query !== skipToken && !isFetching && currentData ? total : null} />
        </div>
      </Flex>
      <LoadFailureAlert error={query === skipToken ? null : error} onRetry={() => void refetch()} retrying={isFetching} />
      {hasAnswer && !error && <ProductGrid products={items} isLoading={isLoading} emptyText={MESSAGES.search.noResults} titleLevel={2} />}
      <Pagination
        align="center"
        current={page}
        pageSize={LISTING_PAGE.defaultSize}
        total={query === skipToken ? 0 : total}
        showSizeChanger={false}
        hideOnSinglePage
        onChange={turnPage}
      />
    </Flex>
  );
}
