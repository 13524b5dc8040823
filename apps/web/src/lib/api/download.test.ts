import { describe, expect, it } from 'vitest';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { call, fetchMock, installApiMocks } from '@/test/api-mocks';
import { setSession } from '../session';
import { apiDownload, fileNameFromDisposition } from './download';

installApiMocks();

describe('downloads', () => {
  it('GET with bearer; the answer as a Blob with the server file name', async () => {
    setSession(DEMO_USERS.vendite, 'jwt-dl');
    fetchMock.mockResolvedValueOnce(
      new Response('a;b\n1;2\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition':
            'attachment; filename="clienti.csv"; filename*=UTF-8\'\'clienti%20%C3%A0.csv',
        },
      }),
    );
    const { blob, fileName } = await apiDownload('/api/clienti/export', {
      query: { format: 'csv', q: '' },
    });
    expect(await blob.text()).toBe('a;b\n1;2\n');
    expect(fileName).toBe('clienti à.csv');
    expect(call(0).url).toBe('/api/clienti/export?format=csv');
    expect(call(0).headers.get('Authorization')).toBe('Bearer jwt-dl');
    expect(fileNameFromDisposition('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('tells the bytes received as a long report arrives, and keeps every chunk', async () => {
    setSession(DEMO_USERS.vendite, 'jwt-dl');
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('%PDF-1.7 '));
        controller.enqueue(encoder.encode('pagina 2'));
        controller.close();
      },
    });
    fetchMock.mockResolvedValueOnce(
      new Response(body, {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="blocchi.pdf"',
        },
      }),
    );
    const seen: number[] = [];
    const { blob, fileName } = await apiDownload('/api/reports/blocchi', {
      query: { formato: 'pdf' },
      onProgress: (received) => seen.push(received),
    });
    expect(seen).toEqual([9, 17]);
    expect(await blob.text()).toBe('%PDF-1.7 pagina 2');
    expect(blob.type).toBe('application/pdf');
    expect(fileName).toBe('blocchi.pdf');
  });

  it('an error answer is an ApiError with the server message', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ message: 'Permesso negato', code: 'FORBIDDEN' }, 403),
    );
    await expect(apiDownload('/api/clienti/export')).rejects.toMatchObject({
      status: 403,
      message: 'Permesso negato',
    });
  });
});
