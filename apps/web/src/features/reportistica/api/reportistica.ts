import type { ReportName } from '@gestcava/contracts';
import { apiDownload } from '@/lib/api';

export type ReportFormato = 'pdf' | 'xlsx';

/** A report of 100 000 rows takes up to half a minute to write (docs/performance.md): more than a list's export. */
const REPORT_TIMEOUT_MS = 120_000;

export function downloadReport(
  name: ReportName,
  formato: ReportFormato,
  periodo: { dal: string; al: string },
  onProgress: (received: number) => void,
) {
  return apiDownload(`/api/reports/${name}`, {
    query: { formato, dal: periodo.dal, al: periodo.al },
    timeoutMs: REPORT_TIMEOUT_MS,
    onProgress: (received) => onProgress(received),
  });
}
