import type { z } from 'zod';
import {
  automezziSummarySchema,
  automezzoSchema,
  pageOf,
  type AutomezzoCreateInput,
  type automezziFilterSchema,
} from '@gestcava/contracts';
import { AUTOMEZZI_ROOT } from '@/lib/automezzi';
import { defineResource, type ExportFormat } from '@/lib/define-resource';

/** /api/automezzi: everything is cached under ['automezzi'] (lib/automezzi.ts keeps the other features' options there). */
const automezzi = defineResource({
  key: AUTOMEZZI_ROOT,
  base: '/api/automezzi',
  schemas: {
    list: pageOf(automezzoSchema),
    summary: automezziSummarySchema,
    detail: automezzoSchema,
  },
});

/** The filters the list, its summary and its export share, as the server reads them from the URL. */
export type AutomezziFilters = z.input<typeof automezziFilterSchema>;

export const useAutomezzi = automezzi.useList;
export const useAutomezziSummary = automezzi.useSummary;
export const useCreateAutomezzo = () => automezzi.useCreate<AutomezzoCreateInput>();
/** Any of the fields: the form sends them all, the switch only `{ attivo }`. */
export const useUpdateAutomezzo = (id: string) =>
  automezzi.useUpdate<Partial<AutomezzoCreateInput>>(id);
export const exportAutomezzi = (filters: AutomezziFilters, format: ExportFormat) =>
  automezzi.exportFile(filters, format, 30_000);
