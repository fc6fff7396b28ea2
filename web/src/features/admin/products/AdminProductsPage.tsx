import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Empty, Flex, Row, Skeleton } from 'antd';
import { useEffect } from 'react';
import { LIMITS, MESSAGES, type AdminProduct } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LiveUpdatesNotice } from '../../realtime/LiveUpdatesNotice';
import { AdminPageHeading } from '../AdminPageHeading';
import { AdminProductCard } from './AdminProductCard';
import { adminProductsRequested, productDeleteRequested, productSheetOpened } from './adminProducts.slice';
import { ProductSheet } from './ProductSheet';

const GRID_COLUMNS = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;

function SkeletonGrid() {
  return (
    <Row gutter={[16, 16]} aria-busy="true" aria-label="Loading products">
      {Array.from({ length: LIMITS.adminProductSkeletons }, (_, index) => (
        <Col key={index} {...GRID_COLUMNS}>
          <Card cover={<Skeleton.Node active style={{ width: '100%', height: 'auto', aspectRatio: '4 / 3' }} />}>
            <Skeleton active paragraph={{ rows: 3 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The admin's catalogue (docs/product.md, Admin): a grid of product cards, and the sheet that adds and edits them. */
export function AdminProductsPage() {
  const dispatch = useAppDispatch();
  const { modal } = App.useApp();
  const { items, isLoading, hasLoaded, error, deletingIds } = useAppSelector((state) => state.adminProducts);
  // Events sent while the socket was down are lost: every reconnect fetches the list again.
  const reconnections = useAppSelector((state) => state.realtime.reconnections);

  useEffect(() => {
    dispatch(adminProductsRequested());
  }, [dispatch, reconnections]);

  const openSheet = (productId: number | null) => dispatch(productSheetOpened(productId));

  function confirmDelete(product: AdminProduct) {
    void modal.confirm({
      title: MESSAGES.adminCatalogue.deleteProductConfirm,
      content: MESSAGES.adminCatalogue.deleteProductDetail(product.title),
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => {
        dispatch(productDeleteRequested(product.id));
      },
    });
  }

  const showSkeletons = !hasLoaded || (isLoading && items.length === 0 && !error);

  return (
    <>
      <Flex justify="space-between" align="baseline" gap={12} wrap>
        <AdminPageHeading>Products</AdminPageHeading>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openSheet(null)}>
          Add New Product
        </Button>
      </Flex>
      <LiveUpdatesNotice />
      {error && (
        <Alert
          type="error"
          showIcon
          title={MESSAGES.products.fetchFailed}
          description={error}
          action={
            <Button size="small" onClick={() => dispatch(adminProductsRequested())} loading={isLoading}>
              Try again
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {showSkeletons ? (
        <SkeletonGrid />
      ) : items.length === 0 ? (
        !error && (
          <Empty description={MESSAGES.products.empty} style={{ padding: '48px 0' }}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openSheet(null)}>
              Add Your First Product
            </Button>
          </Empty>
        )
      ) : (
        <Row gutter={[16, 16]}>
          {items.map((product) => (
            <Col key={product.id} {...GRID_COLUMNS}>
              <AdminProductCard
                product={product}
                isDeleting={deletingIds.includes(product.id)}
                onEdit={() => openSheet(product.id)}
                onDelete={() => confirmDelete(product)}
              />
            </Col>
          ))}
        </Row>
      )}
      <ProductSheet />
    </>
  );
}
