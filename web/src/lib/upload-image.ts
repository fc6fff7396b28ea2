import { CATALOGUE_API, MESSAGES, UPLOAD_FIELD, type UploadImageAnswer } from '@shop/contracts';
import { ApiError, errorOfAnswer, parseAnswerBody } from './api-client';

export type UploadedImage = UploadImageAnswer['result'];

export interface UploadImageOptions {
  /** Called with the share of the file sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one image to the api's upload endpoint. XMLHttpRequest rather than fetch because only it
 * reports how much of the body has gone out; failures are the same ApiErrors apiClient throws.
 */
export function uploadImage(file: File, { onProgress, signal }: UploadImageOptions = {}): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', CATALOGUE_API.uploadImage);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');

    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = parseAnswerBody(request.responseText);
      const failure = errorOfAnswer(request.status, body);
      if (failure) return reject(failure);
      const answer = body as UploadImageAnswer | null;
      if (!answer?.result?.url) return reject(new ApiError(MESSAGES.products.uploadFailed, 'INTERNAL_ERROR'));
      resolve(answer.result);
    };
    // onerror fires only when no answer arrived at all, as fetch's rejection does.
    request.onerror = () => reject(new ApiError(MESSAGES.server.networkError, null));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));

    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });

    const form = new FormData();
    form.append(UPLOAD_FIELD, file);
    request.send(form);
  });
}
