import { TEXTS } from '@common/texts';
import { ApiError, toApiError } from '@/lib/api-client';

export interface ExportFile {
  blob: Blob;
  fileName: string;
}

/** A file the server sends as an attachment, read with the member's session; refusals as ApiError. */
export async function fetchExportFile(url: string): Promise<ExportFile> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, TEXTS.genericFailure, { code: 'network_failure' });
  }
  if (!response.ok) throw await toApiError(response);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'guide';
  return { blob: await response.blob(), fileName };
}

/** Hands the file to the browser's downloads, under the server's file name. */
export function saveExportFile({ blob, fileName }: ExportFile) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the download reads the blob after the click returns.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
