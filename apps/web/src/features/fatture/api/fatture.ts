import { z } from 'zod';
import {
  anagraficaPickerItemSchema,
  daFatturareSchema,
  fatturaFilterSchema,
  fatturaListItemSchema,
  fatturaSchema,
  fatturaSummarySchema,
  pageOf,
  type FatturaCreateInput,
  type FatturaEsitoBody,
  type FatturaListQuery,
} from '@gestcava/contracts';
import { api, apiDownload, apiUpload, type UploadProgress } from '@/lib/api';
import { saveBlob } from '@/lib/download';
import { defineResource, type ExportFormat, type ListPaging } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

/**
 * /api/fatture (Fatture): the invoices under ['fatture']. Emitting one marks its DDTs' lines
 * invoiced, so the DDTs (and the items showing their invoice) refresh.
 */
const fatture = defineResource({
  key: queryRoots.fatture,
  base: '/api/fatture',
  schemas: {
    list: pageOf(fatturaListItemSchema),
    summary: fatturaSummarySchema,
    detail: fatturaSchema,
    filters: fatturaFilterSchema,
  },
  invalidates: [queryRoots.spedizioni],
});
export const fattureKeys = fatture.keys;

export type FattureFilters = Pick<
  FatturaListQuery,
  'q' | 'stato' | 'tipoDocumento' | 'esito' | 'dal' | 'al' | 'clienteId'
>;

export const useFattureList = (params: FattureFilters & ListPaging) => fatture.useList(params);
export const useFattureSummary = fatture.useSummary;
export const exportFatture = (filters: FattureFilters & { sort: string }, format: ExportFormat) =>
  fatture.exportFile(filters, format);
export const useFattura = fatture.useDetail;
export const useFatturaHistory = fatture.useHistory;

/** A draft saved: POST /api/fatture (201) the first time, PUT /api/fatture/:id (the whole draft again) after. */
export const useSaveFattura = () =>
  fatture.useSaving(({ id, body }: { id: string | null; body: FatturaCreateInput }) =>
    id
      ? api.put(fatture.path(id), body, { schema: fatturaSchema })
      : api.create('/api/fatture', body, { schema: fatturaSchema }),
  );
/** POST /:id/emetti: the next number of the year, the DDT lines invoiced, the XML's file name. */
export const useEmettiFattura = () =>
  fatture.useSaving((id: string) =>
    api.post(fatture.path(id, 'emetti'), undefined, { schema: fatturaSchema }),
  );
/** POST /:id/correggi: a scartata invoice back to editable, its number and date kept. */
export const useCorreggiFattura = (id: string) => fatture.useAction<undefined>(id, 'correggi');
/** POST /:id/esito { esito, data, note }: the SDI's outcome recorded by hand. */
export const useEsitoFattura = (id: string) => fatture.useAction<FatturaEsitoBody>(id, 'esito');
/** DELETE /:id: a draft only. */
export const useRemoveFattura = fatture.useRemove;

/** POST /:id/notifica (multipart, field `file`): the SDI's notification XML, which names this invoice's file. */
export const useNotificaFattura = (id: string) =>
  fatture.useSaving(
    ({ file, onProgress }: { file: File; onProgress?: (p: UploadProgress) => void }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiUpload(fatture.path(id, 'notifica'), form, {
        schema: fatturaSchema,
        onProgress,
        create: false,
      });
    },
  );

/** GET /api/fatture/da-fatturare?clienteId: the cliente's emitted DDTs with lines not yet invoiced. */
export const useDaFatturare = fatture.read((clienteId: string | null) => ({
  key: ['da-fatturare', clienteId],
  url: '/api/fatture/da-fatturare',
  query: { clienteId: clienteId ?? undefined },
  schema: daFatturareSchema,
  enabled: clienteId !== null,
  keepPrevious: true,
})).use;

/** The cliente's emitted invoices (not notes of credit), the ones a nota di credito may correct. */
export const useFattureCollegabili = fatture.read((clienteId: string | null) => ({
  key: ['collegabili', clienteId],
  load: (signal) =>
    api
      .get('/api/fatture', {
        query: { clienteId: clienteId ?? undefined, stato: 'emessa', limit: 100, sort: '-data' },
        schema: pageOf(fatturaListItemSchema),
        signal,
      })
      .then((page) => page.items.filter((f) => f.tipoDocumento !== 'TD04')),
  enabled: clienteId !== null,
})).use;

/** The clienti by name for the invoice, under the Fatture page's own permission. */
export const clientiFatturaQueryOptions = fatture.queries.picker(
  'clienti',
  'clienti-selezionabili',
  z.array(anagraficaPickerItemSchema),
  60_000,
);

/** GET /:id/xml or /:id/pdf: the FatturaPA file (named by `nomeFile`) or the copia di cortesia, saved. */
export async function downloadFattura(id: string, what: 'xml' | 'pdf', fallbackName: string) {
  const { blob, fileName } = await apiDownload(fatture.path(id, what));
  saveBlob(blob, fileName ?? fallbackName);
}

/** GET /api/fatture/xml?dal&al: the period's emitted XML files in one ZIP, for the accountant. */
export async function downloadZip(dal: string, al: string) {
  const { blob, fileName } = await apiDownload('/api/fatture/xml', {
    query: { dal, al },
    timeoutMs: 120_000,
  });
  saveBlob(blob, fileName ?? `fatture-${dal}-${al}.zip`);
}
