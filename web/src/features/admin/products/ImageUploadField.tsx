import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Typography, Upload, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { LIMITS, MESSAGES, type ImageSet } from '@shop/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { ApiError } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';
import { toastRequested } from '../../notifications/notifications.slice';
import { LivePicture } from './LivePicture';
import { imageFileProblem } from './variation-rules';

interface ImageUploadFieldProps {
  /** Names the field for screen readers and the picture's alt text, e.g. 'Main image'. */
  label: string;
  image: ImageSet | null;
  /** A new upload (status pending) or null when the admin removed the image. */
  onChange: (image: ImageSet | null) => void;
  onUploadingChange?: (uploading: boolean) => void;
  /** A problem the parent found, e.g. 'Please select an image file'. */
  problem?: string;
  /** Width of the preview in px; the dragger always takes the full width. */
  previewWidth?: number;
}

interface UploadInProgress {
  fileName: string;
  percent: number;
}

const ACCEPTED_TYPES = LIMITS.allowedImageMimeTypes.join(',');

/**
 * Chooses an image, checks its type and size here, sends it with a progress bar, then shows the
 * upload (processing until the image worker is done) with a remove button.
 */
export function ImageUploadField({ label, image, onChange, onUploadingChange, problem, previewWidth = 160 }: ImageUploadFieldProps) {
  const dispatch = useAppDispatch();
  const [upload, setUpload] = useState<UploadInProgress | null>(null);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const abortUpload = useRef<AbortController | null>(null);

  // An upload still running when the sheet closes has nobody left to receive it.
  useEffect(() => () => abortUpload.current?.abort(), []);

  function track(next: UploadInProgress | null) {
    setUpload(next);
    onUploadingChange?.(next !== null);
  }

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const refusal = imageFileProblem(file);
    setUploadProblem(refusal);
    return refusal ? Upload.LIST_IGNORE : true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const chosen = file as File;
    const controller = new AbortController();
    abortUpload.current = controller;
    track({ fileName: chosen.name, percent: 0 });
    uploadImage(chosen, {
      signal: controller.signal,
      onProgress: (percent) => {
        setUpload({ fileName: chosen.name, percent });
        onProgress?.({ percent });
      },
    }).then(
      (uploaded) => {
        track(null);
        onChange({ url: uploaded.url, status: uploaded.status, srcSet: [] });
        onSuccess?.(uploaded);
      },
      (error: unknown) => {
        track(null);
        onError?.(error as Error);
        if (controller.signal.aborted) return;
        const reason = error instanceof ApiError ? error.message : MESSAGES.products.uploadFailed;
        setUploadProblem(reason);
        dispatch(toastRequested('error', MESSAGES.products.uploadImageFailed, reason));
      },
    );
  };

  const shownProblem = uploadProblem ?? problem;

  return (
    <section aria-label={label}>
      <Flex vertical gap={8}>
        {upload ? (
          <Flex vertical gap={4} role="status" aria-label={`Uploading ${upload.fileName}`}>
            <Typography.Text ellipsis>{upload.fileName}</Typography.Text>
            <Progress percent={upload.percent} size="small" />
            <Button size="small" onClick={() => abortUpload.current?.abort()} style={{ alignSelf: 'flex-start' }}>
              Cancel upload
            </Button>
          </Flex>
        ) : image ? (
          <Flex gap={12} align="flex-start">
            <div style={{ width: previewWidth, flexShrink: 0 }}>
              <LivePicture image={image} alt={label} sizes={`${previewWidth}px`} />
            </div>
            <Button icon={<DeleteOutlined />} onClick={() => onChange(null)} aria-label={`Remove ${label.toLowerCase()}`}>
              Remove
            </Button>
          </Flex>
        ) : (
          <Upload.Dragger
            accept={ACCEPTED_TYPES}
            multiple={false}
            showUploadList={false}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
          >
            <Flex vertical align="center" gap={4} style={{ padding: '8px 12px' }}>
              <InboxOutlined style={{ fontSize: 28 }} />
              <Typography.Text>Click or drag an image here</Typography.Text>
              <Typography.Text type="secondary">{MESSAGES.adminCatalogue.imageHint}</Typography.Text>
            </Flex>
          </Upload.Dragger>
        )}
        {shownProblem && (
          <Typography.Text type="danger" role="alert">
            {shownProblem}
          </Typography.Text>
        )}
      </Flex>
    </section>
  );
}
