import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { categoryLabel, formatKes, LIMITS, MESSAGES, type AdminProduct } from '@shop/contracts';
import { Heading } from '../../../components/Heading';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';
import { LivePicture } from './LivePicture';
import { chipsOnCard, idSuffix } from './product-form';

interface AdminProductCardProps {
  product: AdminProduct;
  isDeleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** A product as the admin manages it (docs/product.md, Admin): picture, prices in KES, stock, id and variations. */
export function AdminProductCard({ product, isDeleting, onEdit, onDelete }: AdminProductCardProps) {
  const onSale = product.salePrice > 0;
  const chips = chipsOnCard(product.variations, LIMITS.variationChipsOnCard);
  const picture = product.image ?? product.variations[0]?.image ?? null;

  return (
    <Card
      aria-label={product.title}
      role="article"
      // A column, so that the Edit and Delete bar sits at the bottom of every card in a row, chips or not.
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { padding: 16, flex: 1 } }}
      cover={
        <div style={{ position: 'relative' }}>
          <LivePicture
            image={picture}
            alt={product.title}
            sizes="(min-width: 1200px) 25vw, (min-width: 576px) 50vw, 100vw"
            aspectRatio="4 / 3"
          />
          {onSale && (
            <Tag color="red" style={{ position: 'absolute', top: 8, left: 8, margin: 0 }}>
              {MESSAGES.catalogue.sale}
            </Tag>
          )}
        </div>
      }
      actions={[
        <Button key="edit" type="text" icon={<EditOutlined />} onClick={onEdit} aria-label={`Edit ${product.title}`}>
          Edit
        </Button>,
        <Button
          key="delete"
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={onDelete}
          loading={isDeleting}
          aria-label={`Delete ${product.title}`}
        >
          Delete
        </Button>,
      ]}
    >
      <Flex vertical gap={6}>
        <Heading level={2} look={5} ellipsis={{ tooltip: product.title }} style={{ margin: 0 }}>
          {product.title}
        </Heading>
        <Typography.Text type="secondary">{categoryLabel(product.category)}</Typography.Text>
        <Flex gap={8} align="baseline" wrap>
          {onSale ? (
            <>
              <Typography.Text delete type="secondary">
                {formatKes(product.price)}
              </Typography.Text>
              <Typography.Text strong>{formatKes(product.salePrice)}</Typography.Text>
            </>
          ) : (
            <Typography.Text strong>{formatKes(product.price)}</Typography.Text>
          )}
        </Flex>
        <Flex justify="space-between" gap={8}>
          <Typography.Text type="secondary">{MESSAGES.adminCatalogue.stockOnCard(product.unitsOnHand, product.totalStock)}</Typography.Text>
          <Typography.Text type="secondary">
            <span style={VISUALLY_HIDDEN}>Product id ending </span>#{idSuffix(product.id, LIMITS.productCardIdSuffixLength)}
          </Typography.Text>
        </Flex>
        {chips.shown.length > 0 && (
          <Flex gap={4} wrap aria-label="Variations">
            {chips.shown.map((variation) => (
              <Tag
                key={variation.id}
                title={variation.label}
                style={{ margin: 0, maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                {variation.label}
              </Tag>
            ))}
            {chips.more > 0 && <Tag style={{ margin: 0 }}>+{chips.more}</Tag>}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
