import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { LIMITS, MESSAGES, type ImageSet } from '@shop/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { toastRequested } from '../../notifications/notifications.slice';
import { ImageUploadField } from './ImageUploadField';
import { LivePicture } from './LivePicture';
import type { DraftVariation } from './product-form';
import { hasRoomForVariation, newVariationProblems, type VariationProblems } from './variation-rules';

interface VariationsManagerProps {
  variations: readonly DraftVariation[];
  onChange: (variations: DraftVariation[]) => void;
  onUploadingChange: (uploading: boolean) => void;
}

/** A product's variations (docs/product.md, Admin): a label and an image each, labels unique whatever their case. */
export function VariationsManager({ variations, onChange, onUploadingChange }: VariationsManagerProps) {
  const dispatch = useAppDispatch();
  const [label, setLabel] = useState('');
  const [image, setImage] = useState<ImageSet | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problems, setProblems] = useState<VariationProblems>({});
  // A new upload field after each addition, so that no half-finished state carries over.
  const [uploadFieldKey, setUploadFieldKey] = useState(0);
  const hasRoom = hasRoomForVariation(variations);

  function addVariation() {
    const found = newVariationProblems({ label, hasImage: image !== null }, variations);
    setProblems(found);
    if (found.label || found.image || !image) return;
    onChange([...variations, { label: label.trim(), image }]);
    setLabel('');
    setImage(null);
    setUploadFieldKey((key) => key + 1);
    dispatch(toastRequested('success', MESSAGES.variation.added));
  }

  function removeVariation(removed: DraftVariation) {
    onChange(variations.filter((variation) => variation !== removed));
    dispatch(toastRequested('info', MESSAGES.variation.removed));
  }

  return (
    <Card size="small" title={`Variations (${variations.length})`}>
      <Flex vertical gap={12}>
        {variations.length > 0 && (
          <Flex component="ul" vertical gap={8} style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Variations">
            {variations.map((variation) => (
              <Flex component="li" key={variation.label.toLowerCase()} align="center" gap={12}>
                <div style={{ width: 48, flexShrink: 0 }}>
                  <LivePicture image={variation.image} alt={variation.label} sizes="48px" compact />
                </div>
                <Typography.Text style={{ flex: 1, minWidth: 0 }} ellipsis>
                  {variation.label}
                </Typography.Text>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Remove variation ${variation.label}`}
                  onClick={() => removeVariation(variation)}
                />
              </Flex>
            ))}
          </Flex>
        )}
        {hasRoom ? (
          <>
            <Form.Item
              label="Variation label"
              htmlFor="variation-label"
              layout="vertical"
              validateStatus={problems.label ? 'error' : undefined}
              help={problems.label}
              style={{ marginBottom: 0 }}
            >
              <Input
                id="variation-label"
                value={label}
                placeholder="e.g. Red, Large box"
                count={{ show: true, max: LIMITS.variationLabelMaxLength }}
                onChange={(event) => {
                  setLabel(event.target.value);
                  setProblems((current) => ({ ...current, label: undefined }));
                }}
                onPressEnter={(event) => {
                  event.preventDefault();
                  addVariation();
                }}
              />
            </Form.Item>
            <ImageUploadField
              key={uploadFieldKey}
              label="Variation image"
              image={image}
              previewWidth={96}
              problem={problems.image}
              onChange={(uploaded) => {
                setImage(uploaded);
                setProblems((current) => ({ ...current, image: undefined }));
              }}
              onUploadingChange={(isUploading) => {
                setUploading(isUploading);
                onUploadingChange(isUploading);
              }}
            />
            <Button icon={<PlusOutlined />} onClick={addVariation} disabled={uploading} style={{ alignSelf: 'flex-start' }}>
              Add Variation
            </Button>
          </>
        ) : (
          <Typography.Text type="secondary">{MESSAGES.products.tooManyVariations(LIMITS.variationsPerProductMax)}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
