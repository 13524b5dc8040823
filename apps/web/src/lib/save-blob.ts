/** Saves what `href` answers (a blob: URL, a signed link of the server) under `fileName`, through a temporary <a download>. */
export function downloadLink(href: string, fileName: string): void {
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
  downloadLink(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
