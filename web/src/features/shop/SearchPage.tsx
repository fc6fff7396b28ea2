import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Flex, Input, Pagination, theme, Typography } from 'antd';
import { useEffect } from 'react';
import { LISTING_PAGE, MESSAGES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useScrollBehavior } from '../../app/theme';
import { Heading } from '../../components/Heading';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { searchKeywordChanged, searchPageChanged } from '../catalogue/catalogue.slice';
import { ProductGrid } from '../catalogue/ProductGrid';
import { isSearchableKeyword } from '../catalogue/search-keyword';
import { useOwnSearchParams } from '../catalogue/use-own-search-params';

const KEYWORD_PARAM = 'keyword';

function SearchStatus() {
  const { keyword, searchedKeyword, total, isLoading, error } = useAppSelector((state) => state.catalogue.search);
  if (keyword.trim() === '') return <Typography.Text type="secondary">{MESSAGES.catalogue.searchPrompt}</Typography.Text>;
  if (!isSearchableKeyword(keyword)) return <Typography.Text type="secondary">{MESSAGES.search.keywordTooShort}</Typography.Text>;
  if (isLoading || error || searchedKeyword === null || total === 0) return null;
  return <Typography.Text type="secondary">{MESSAGES.catalogue.productCount(total)}</Typography.Text>;
}

/** /shop/search: the keyword (kept in `?keyword=`) searches once typing rests; too short a keyword clears the results. */
export function SearchPage() {
  const dispatch = useAppDispatch();
  const { keyword, page, searchedKeyword, items, total, isLoading, error } = useAppSelector((state) => state.catalogue.search);
  const { searchParams, arrivalKey, writeSearchParams } = useOwnSearchParams();
  const { token } = theme.useToken();
  const scrollBehavior = useScrollBehavior();

  useEffect(() => {
    if (arrivalKey !== null) dispatch(searchKeywordChanged(searchParams.get(KEYWORD_PARAM) ?? ''));
  }, [arrivalKey, searchParams, dispatch]);

  const changeKeyword = (next: string) => {
    dispatch(searchKeywordChanged(next));
    writeSearchParams(new URLSearchParams(next === '' ? {} : { [KEYWORD_PARAM]: next }));
  };
  const changePage = (next: number) => {
    dispatch(searchPageChanged(next));
    window.scrollTo({ top: 0, behavior: scrollBehavior });
  };
  const hasAnswer = isLoading || searchedKeyword !== null;

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
          onChange={(event) => changeKeyword(event.target.value)}
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Search toys"
          aria-label="Search keyword"
          enterKeyHint="search"
        />
        <div aria-live="polite">
          <SearchStatus />
        </div>
      </Flex>
      <LoadFailureAlert error={error} onRetry={() => dispatch(searchPageChanged(page))} />
      {hasAnswer && !error && <ProductGrid products={items} isLoading={isLoading} emptyText={MESSAGES.search.noResults} titleLevel={2} />}
      <Pagination
        align="center"
        current={page}
        pageSize={LISTING_PAGE.defaultSize}
        total={total}
        showSizeChanger={false}
        hideOnSinglePage
        onChange={changePage}
      />
    </Flex>
  );
}
