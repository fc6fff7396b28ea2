import { ArrowRightOutlined } from '@ant-design/icons';
import { MESSAGES } from '@shop/contracts';
import { Flex } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadFailureAlert } from '../../../components/LoadFailureAlert';
import { featuredProductsRequested } from '../../catalogue/catalogue.slice';
import { ProductGrid } from '../../catalogue/ProductGrid';
import { ListingLink } from './ListingLink';
import { SectionTitle } from './SectionTitle';

/** 'Feature Products': every toy, cheapest first (spec §2 /shop/home), and the way on to the listing. */
export function FeaturedProducts() {
  const dispatch = useAppDispatch();
  const { items, isLoading, error } = useAppSelector((state) => state.catalogue.featured);

  useEffect(() => {
    dispatch(featuredProductsRequested());
  }, [dispatch]);

  return (
    <section aria-labelledby="feature-products">
      <SectionTitle id="feature-products">Feature Products</SectionTitle>
      <LoadFailureAlert error={error} onRetry={() => dispatch(featuredProductsRequested())} retrying={isLoading} />
      <ProductGrid products={items} isLoading={isLoading} emptyText={MESSAGES.products.empty} />
      <Flex justify="center" style={{ marginTop: 24 }}>
        <ListingLink category={null} style={{ fontWeight: 600, fontSize: 16 }}>
          View all toys <ArrowRightOutlined aria-hidden />
        </ListingLink>
      </Flex>
    </section>
  );
}
