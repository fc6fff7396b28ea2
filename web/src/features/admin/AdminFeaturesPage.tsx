import '../../styles/antd/admin.css';
import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Empty, Row, Skeleton, Spin } from 'antd';
import { MESSAGES, type FeatureImage } from '@shop/contracts';
import { messageOfFailure } from '../../app/shop.api';
import { useItemsInFlight } from '../../app/useItemsInFlight';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { useGetFeatureImagesQuery } from '../feature-images/feature-images.api';
import { LiveUpdatesNotice } from '../realtime/LiveUpdatesNotice';
import { useReadAgainOnReconnect } from '../realtime/useReadAgainOnReconnect';
import { AdminPageHeading } from './AdminPageHeading';
import { useAddFeatureImageMutation, useDeleteFeatureImageMutation } from './feature-images.api';
import { ImageUploadField } from './products/ImageUploadField';
import { LivePicture } from './products/LivePicture';

const GRID_COLUMNS = { xs: 24, sm: 12, xl: 8 } as const;
const PLACEHOLDER_CARDS = 3;
/** The home page carousel's banners are wide (the demo's are 8:3); the grid shows them uncropped at that shape. */
const FEATURE_IMAGE_RATIO = '8 / 3';

/** The home page carousel's pictures (docs/product.md, Admin): upload one to add it, delete the ones that have had their day. */
export function AdminFeaturesPage() {
  const { modal } = App.useApp();
  const {
    data: items = [],
    isLoading,
    isFetching,
    error,
    refetch,
  } = useGetFeatureImagesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [addFeatureImage, { isLoading: isAdding }] = useAddFeatureImageMutation();
  const [deleteFeatureImage] = useDeleteFeatureImageMutation();
  const deletion = useItemsInFlight(deleteFeatureImage);
  useReadAgainOnReconnect(refetch);

  function confirmDelete(featureImage: FeatureImage) {
    void modal.confirm({
      title: MESSAGES.adminCatalogue.deleteFeatureImageConfirm,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => {
        void deletion.run(featureImage.id);
      },
    });
  }

  return (
    <>
      <AdminPageHeading>Feature images</AdminPageHeading>
      <LiveUpdatesNotice />
      <Card title="Add a feature image" style={{ marginBottom: 16, maxWidth: 560 }}>
        <Spin spinning={isAdding}>
          <ImageUploadField label="Feature image" image={null} onChange={(uploaded) => uploaded && void addFeatureImage(uploaded.url)} />
        </Spin>
      </Card>
      <LoadFailureAlert error={messageOfFailure(error)} onRetry={() => void refetch()} retrying={isFetching} />
      {isLoading && items.length === 0 ? (
        <Row gutter={[16, 16]} aria-busy="true" aria-label="Loading feature images">
          {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
            <Col key={index} {...GRID_COLUMNS}>
              <Skeleton.Node active style={{ width: '100%', height: 'auto', aspectRatio: FEATURE_IMAGE_RATIO }} />
            </Col>
          ))}
        </Row>
      ) : items.length === 0 ? (
        !error && <Empty description={MESSAGES.featureImages.empty} style={{ padding: '32px 0' }} />
      ) : (
        <Row gutter={[16, 16]}>
          {items.map((featureImage, index) => (
            <Col key={featureImage.id} {...GRID_COLUMNS}>
              <Card
                styles={{ body: { display: 'none' } }}
                cover={
                  <LivePicture
                    image={featureImage.image}
                    alt={`Feature image ${index + 1}`}
                    sizes="(min-width: 1200px) 33vw, (min-width: 576px) 50vw, 100vw"
                    aspectRatio={FEATURE_IMAGE_RATIO}
                  />
                }
                actions={[
                  <Button
                    key="delete"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    loading={deletion.inFlight.includes(featureImage.id)}
                    onClick={() => confirmDelete(featureImage)}
                    aria-label={`Delete feature image ${index + 1}`}
                  >
                    Delete
                  </Button>,
                ]}
              />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
