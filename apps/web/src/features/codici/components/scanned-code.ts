/**
 * The code inside what a camera read: a label's QR holds `<public address>/c/<codice>`; a code
 * printed plain (or another tool's QR with only the code) is taken as it is.
 */
export function codeFromScan(text: string): string {
  const trimmed = text.trim();
  const link = /\/c\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(trimmed);
  if (link) {
    try {
      return decodeURIComponent(link[1]!);
    } catch {
      return link[1]!;
    }
  }
  return trimmed;
}
