import { useState } from 'react';
import { buildUrl } from '@/lib/api';
import { notify } from '@/lib/toast';

/** Has the browser save what `href` points to under `fileName`, through a temporary <a download>. */
function clickDownload(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** Saves a file the API answered (a Blob) under its name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  clickDownload(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file through a short-lived link the server signed (a verbale, a DDT), so a plain link
 * works without the bearer token; the link is prefixed with the server's address like photo links.
 */
export function downloadSignedLink(url: string, fileName: string): void {
  clickDownload(buildUrl(url), fileName);
}

/**
 * A row of download buttons of which one runs at a time: the one pressed spins while its file
 * comes and none can be pressed meanwhile; a failure is a toast (`failure` its title). Gives the
 * props of each key's button.
 */
export function useDownloadButtons<K extends string>(
  failure: string,
  download: (key: K) => Promise<void>,
) {
  const [busy, setBusy] = useState<K | null>(null);
  const start = async (key: K) => {
    setBusy(key);
    try {
      await download(key);
    } catch (error) {
      notify({
        severity: 'error',
        summary: failure,
        detail: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(null);
    }
  };
  return (key: K) => ({
    type: 'button' as const,
    outlined: true,
    loading: busy === key,
    disabled: busy !== null,
    onClick: () => void start(key),
  });
}
