import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Empty, Flex, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { LIMITS, MESSAGES, type AdminProduct } from '@shop/contracts';
import { messageOfFailure } from '../../../app/shop.api';
import { useItemsInFlight } from '../../../app/useItemsInFlight';
import { LiveUpdatesNotice } from '../../realtime/LiveUpdatesNotice';
import { useReadAgainOnReconnect } from '../../realtime/useReadAgainOnReconnect';
import { AdminPageHeading } from '../AdminPageHeading';
import { useDeleteProductMutation, useGetAdminProductsQuery } from './admin-products.api';
import { AdminProductCard } from './AdminProductCard';
import { ProductSheet, type ProductSheetState } from './ProductSheet';

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
  const { modal } = App.useApp();
  const { data, isLoading, isFetching, error, refetch } = useGetAdminProductsQuery(undefined, { refetchOnMountOrArgChange: true });
  // A failed read empties the list (docs/product.md, Web routes): no stale rows under the failure.
  const items = error ? [] : (data ?? []);
  // Events sent while the socket was down are lost: every reconnect reads the list again.
  useReadAgainOnReconnect(refetch);
  const [deleteProduct] = useDeleteProductMutation();
  const deletion = useItemsInFlight(deleteProduct);
  const [sheet, setSheet] = useState<ProductSheetState>({ open: false, productId: null });

  const openSheet = (productId: number | null) => setSheet({ open: true, productId });

  function confirmDelete(product: AdminProduct) {
    void modal.confirm({
      title: MESSAGES.adminCatalogue.deleteProductConfirm,
      content: MESSAGES.adminCatalogue.deleteProductDetail(product.title),
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => {
        void deletion.run(product.id);
      },
    });
  }

  const showSkeletons = isLoading || (isFetching && items.length === 0 && !error);

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
          description={messageOfFailure(error)}
          action={
            <Button size="small" onClick={() => void refetch()} loading={isFetching}>
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
                isDeleting={deletion.inFlight.includes(product.id)}
                onEdit={() => openSheet(product.id)}
                onDelete={() => confirmDelete(product)}
              />
            </Col>
          ))}
        </Row>
      )}
      <ProductSheet sheet={sheet} products={items} onClose={() => setSheet({ ...sheet, open: false })} />
    </>
  );
}
