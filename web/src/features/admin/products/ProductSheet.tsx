import { Button, Col, Drawer, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CATEGORIES, LIMITS, MESSAGES, type AdminProduct, type ImageSet } from '@shop/contracts';
import { useScreens } from '../../../app/useScreens';
import { Heading } from '../../../components/Heading';
import { useSaveProductMutation } from './admin-products.api';
import { ImageUploadField } from './ImageUploadField';
import {
  countBelowHeld,
  draftOf,
  idSuffix,
  productInputOf,
  productRequirements,
  unitsOnHandHelp,
  type DraftVariation,
  type ProductFormValues,
} from './product-form';
import { ProductRequirements } from './ProductRequirements';
import { VariationsManager } from './VariationsManager';

const CATEGORY_OPTIONS = CATEGORIES.map((category) => ({ value: category.id, label: category.label }));
const amountInput = { min: 0, max: LIMITS.amountMax, precision: 0, style: { width: '100%' } } as const;

/**
 * The form inside the sheet; mounted afresh for every opening, so it starts from the product (or blank).
 * `productId` is the sheet's own: a product gone from the list while its sheet is open is never added again.
 */
function ProductEditor({ productId, product, onSaved }: { productId: number | null; product: AdminProduct | null; onSaved: () => void }) {
  const [saveProduct, { isLoading: isSaving }] = useSaveProductMutation();
  const [form] = Form.useForm<ProductFormValues>();
  const [initialDraft] = useState(() => draftOf(product));
  const [mainImage, setMainImage] = useState<ImageSet | null>(initialDraft.mainImage);
  const [variations, setVariations] = useState<DraftVariation[]>([...initialDraft.variations]);
  const [stockVersion, setStockVersion] = useState(initialDraft.stockVersion);
  const [uploads, setUploads] = useState({ main: false, variation: false });
  const values = (Form.useWatch([], form) as ProductFormValues | undefined) ?? initialDraft.values;

  // The units on hand changed since the sheet was read (its save was refused, and the list fetched again):
  // the count starts over from what is on hand now, so a stale count is never sent with the new version.
  useEffect(() => {
    if (!product || stockVersion === null || product.stockVersion === stockVersion) return;
    setStockVersion(product.stockVersion);
    form.setFieldValue('unitsOnHand', product.unitsOnHand);
  }, [form, product, stockVersion]);

  const draft = { values, mainImage, variations, stockVersion };
  const requirements = productRequirements(draft);
  const isUploading = uploads.main || uploads.variation;
  const canSubmit = requirements.every((requirement) => requirement.met) && !isUploading;

  function submit() {
    const input = productInputOf(draft);
    if (input && !isSaving) void saveProduct({ productId, input }).then((saved) => 'data' in saved && onSaved());
  }

  return (
    <Flex vertical gap={16}>
      <div>
        <Heading level={2} look={5} style={{ marginTop: 0 }}>
          Main image
        </Heading>
        <ImageUploadField
          label="Main image"
          image={mainImage}
          onChange={setMainImage}
          onUploadingChange={(main) => setUploads((current) => ({ ...current, main }))}
        />
      </div>

      <Form
        form={form}
        name="product"
        layout="vertical"
        initialValues={initialDraft.values}
        onFinish={submit}
        requiredMark={false}
        id="product-form"
      >
        <Form.Item name="title" label="Title">
          <Input placeholder="Enter product title" maxLength={LIMITS.productTitleMaxLength} />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input.TextArea placeholder="Enter product description" rows={4} maxLength={LIMITS.productDescriptionMaxLength} showCount />
        </Form.Item>
        <Form.Item name="category" label="Category">
          <Select placeholder="Select category" options={CATEGORY_OPTIONS} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="price" label="Price">
              <InputNumber {...amountInput} prefix="KES" placeholder="Enter product price" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="salePrice"
              label="Sale Price"
              dependencies={['price']}
              rules={[
                ({ getFieldValue }) => ({
                  validator(_rule, salePrice: number | null | undefined) {
                    const price = getFieldValue('price') as number | null | undefined;
                    const belowPrice = !salePrice || typeof price !== 'number' || salePrice < price;
                    return belowPrice ? Promise.resolve() : Promise.reject(new Error(MESSAGES.products.salePriceNotBelowPrice));
                  },
                }),
              ]}
            >
              <InputNumber {...amountInput} prefix="KES" placeholder="Enter sale price (optional)" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="unitsOnHand"
          label={MESSAGES.adminCatalogue.unitsOnHandLabel}
          extra={product ? unitsOnHandHelp(values.unitsOnHand, product.unitsHeld) : undefined}
          rules={[
            {
              validator(_rule, unitsOnHand: number | null | undefined) {
                const refusal = product ? countBelowHeld(unitsOnHand, product.unitsHeld) : null;
                return refusal ? Promise.reject(new Error(refusal)) : Promise.resolve();
              },
            },
          ]}
          style={{ marginBottom: 0 }}
        >
          <InputNumber {...amountInput} placeholder="Enter the units on hand" />
        </Form.Item>
      </Form>

      <VariationsManager
        variations={variations}
        onChange={setVariations}
        onUploadingChange={(variation) => setUploads((current) => ({ ...current, variation }))}
      />

      <ProductRequirements requirements={requirements} />

      <Button type="primary" htmlType="submit" form="product-form" size="large" block disabled={!canSubmit} loading={isSaving}>
        {productId !== null ? 'Update Product' : 'Add Product'}
      </Button>
    </Flex>
  );
}

/** The add/edit sheet; productId null means adding. Kept on close so the sheet keeps its title while it slides away. */
export interface ProductSheetState {
  open: boolean;
  productId: number | null;
}

/** The side sheet for adding and editing products (docs/product.md, Admin): full width on phones. */
export function ProductSheet({
  sheet: { open, productId },
  products,
  onClose,
}: {
  sheet: ProductSheetState;
  products: AdminProduct[];
  onClose: () => void;
}) {
  const screens = useScreens();
  const product = productId === null ? null : (products.find((item) => item.id === productId) ?? null);
  const editing = productId !== null;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={screens.md ? 640 : '100%'}
      destroyOnHidden
      title={
        editing ? (
          <Flex gap={8} align="baseline" wrap>
            <span>Edit Product</span>
            <Typography.Text type="secondary">#{idSuffix(productId, LIMITS.productEditIdSuffixLength)}</Typography.Text>
          </Flex>
        ) : (
          'Add New Product'
        )
      }
    >
      <ProductEditor key={productId ?? 'new'} productId={productId} product={product} onSaved={onClose} />
    </Drawer>
  );
}
