import { CATEGORIES, LIMITS, MESSAGES, type ImageSet, type Product } from '@shop/contracts';
import { Button, Col, Drawer, Flex, Form, Grid, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { productSaveRequested, productSheetClosed } from './adminProducts.slice';
import { ImageUploadField } from './ImageUploadField';
import { draftOf, idSuffix, productInputOf, productRequirements, type DraftVariation, type ProductFormValues } from './product-form';
import { ProductRequirements } from './ProductRequirements';
import { VariationsManager } from './VariationsManager';

const CATEGORY_OPTIONS = CATEGORIES.map((category) => ({ value: category.id, label: category.label }));
const amountInput = { min: 0, max: LIMITS.amountMax, precision: 0, style: { width: '100%' } } as const;

/** The form inside the sheet; mounted afresh for every opening, so it starts from the product (or blank). */
function ProductEditor({ product }: { product: Product | null }) {
  const dispatch = useAppDispatch();
  const isSaving = useAppSelector((state) => state.adminProducts.isSaving);
  const [form] = Form.useForm<ProductFormValues>();
  const [initialDraft] = useState(() => draftOf(product));
  const [mainImage, setMainImage] = useState<ImageSet | null>(initialDraft.mainImage);
  const [variations, setVariations] = useState<DraftVariation[]>([...initialDraft.variations]);
  const [uploads, setUploads] = useState({ main: false, variation: false });
  const values = (Form.useWatch([], form) as ProductFormValues | undefined) ?? initialDraft.values;

  const draft = { values, mainImage, variations };
  const requirements = productRequirements(draft);
  const isUploading = uploads.main || uploads.variation;
  const canSubmit = requirements.every((requirement) => requirement.met) && !isUploading;

  function submit() {
    const input = productInputOf(draft);
    if (input) dispatch(productSaveRequested({ productId: product?.id ?? null, input }));
  }

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          Main image
        </Typography.Title>
        <ImageUploadField label="Main image" image={mainImage} onChange={setMainImage} onUploadingChange={(main) => setUploads((current) => ({ ...current, main }))} />
      </div>

      <Form form={form} name="product" layout="vertical" initialValues={initialDraft.values} onFinish={submit} requiredMark={false} id="product-form">
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
        <Form.Item name="totalStock" label="Total Stock" style={{ marginBottom: 0 }}>
          <InputNumber {...amountInput} placeholder="Enter total stock" />
        </Form.Item>
      </Form>

      <VariationsManager variations={variations} onChange={setVariations} onUploadingChange={(variation) => setUploads((current) => ({ ...current, variation }))} />

      <ProductRequirements requirements={requirements} />

      <Button type="primary" htmlType="submit" form="product-form" size="large" block disabled={!canSubmit} loading={isSaving}>
        {product ? 'Update Product' : 'Add Product'}
      </Button>
    </Flex>
  );
}

/** The side sheet of spec §2 for adding and editing products: full width on phones. */
export function ProductSheet() {
  const dispatch = useAppDispatch();
  const screens = Grid.useBreakpoint();
  const { open, productId } = useAppSelector((state) => state.adminProducts.sheet);
  const product = useAppSelector((state) => (productId === null ? null : (state.adminProducts.items.find((item) => item.id === productId) ?? null)));
  const editing = productId !== null;

  return (
    <Drawer
      open={open}
      onClose={() => dispatch(productSheetClosed())}
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
      <ProductEditor key={productId ?? 'new'} product={product} />
    </Drawer>
  );
}
