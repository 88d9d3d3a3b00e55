// The owner's image upload: the file as the raw body of POST …/products/:productId/images
// (rest/product-images.ts) with the crumb and the session's XSRF token, over XMLHttpRequest for its
// upload progress. Resolves with the server's error message on a refusal (null on success).
import { crumb } from "../../shared/relay/rest.ts";
import { adminMessages } from "../../../server/domain/messages/admin.ts";

export interface UploadOptions {
  /** Product.imageUploadPath. */
  path: string;
  xsrfToken: string | null;
  onProgress?: (percent: number) => void;
}

export function uploadProductImage(file: File, { path, xsrfToken, onProgress }: UploadOptions): Promise<string | null> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${path}?${new URLSearchParams({ filename: file.name })}`);
    request.setRequestHeader("content-type", "application/octet-stream");
    const token = crumb();
    if (token) request.setRequestHeader("x-csrf-token", token);
    if (xsrfToken) request.setRequestHeader("x-siteuser-xsrf-token", xsrfToken);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status === 201) return resolve(null);
      try {
        resolve((JSON.parse(request.responseText) as { error?: string }).error ?? adminMessages.imagesUploadError);
      } catch {
        resolve(adminMessages.imagesUploadError);
      }
    };
    request.onerror = () => resolve(adminMessages.imagesUploadError);
    request.send(file);
  });
}
