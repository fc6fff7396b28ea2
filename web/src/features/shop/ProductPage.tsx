import { Button, Card, Flex, Result, theme } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { MESSAGES, ROUTES } from '@shop/contracts';
import { useAppDispatch } from '../../app/hooks';
import { productIdOf } from '../catalogue/product-presentation';
import { ProductHeading, ProductView } from '../catalogue/ProductView';
import { productPageOpened, productViewClosed } from '../catalogue/productView.slice';

/** /shop/product/{id}: the product dialog's view as a page of its own (the wishlist opens it). */
export function ProductPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const productId = productIdOf(useParams().id);
  const { token } = theme.useToken();

  useEffect(() => {
    if (productId === null) return;
    dispatch(productPageOpened(productId));
    return () => {
      dispatch(productViewClosed());
    };
  }, [dispatch, productId]);

  const browseAll = (
    <Button type="primary" onClick={() => navigate(ROUTES.shopListing)}>
      Browse all toys
    </Button>
  );

  return (
    <Card style={{ maxWidth: 1080, margin: '0 auto' }}>
      {productId === null ? (
        <Result status="warning" title={MESSAGES.products.notFound} extra={browseAll} />
      ) : (
        <Flex vertical gap={token.marginLG}>
          <ProductHeading />
          <ProductView failureExtra={browseAll} />
        </Flex>
      )}
    </Card>
  );
}
