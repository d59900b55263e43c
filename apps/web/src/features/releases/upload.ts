import { PACKAGE_SHA256_HEADER, type ReleaseInfo } from '@kestrel/contract';
import { HttpError, markSuccess, NetworkError } from '../../api/client';
import { token } from '../../app/session/storage';

/**
 * Sends a release's package as raw bytes with its SHA-256 (docs/releases.md §1 "Package upload").
 * XMLHttpRequest rather than fetch: only it reports upload progress, which the progress bar shows.
 */
export function uploadPackage(
  releaseId: number,
  file: Blob,
  sha256: string,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<ReleaseInfo> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/api/ha/releases/${releaseId}/package`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(PACKAGE_SHA256_HEADER, sha256);
    const t = token();
    if (t) xhr.setRequestHeader('x-access-token', t);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // A proxy's HTML error page: the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        markSuccess();
        onProgress(1);
        resolve((body as { result: ReleaseInfo }).result);
      } else reject(new HttpError(xhr.status, xhr.statusText, body));
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}

/** Bytes in words: 1536 → "1.5 KB" (powers of 1024, as file managers show sizes). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toLocaleString('en', { maximumFractionDigits: v < 10 ? 1 : 0 })} ${units[u]}`;
}
