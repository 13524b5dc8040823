import type { z } from 'zod';
import {
  __pluralCamel__SummarySchema,
  __singularCamel__Schema,
  pageOf,
  type __Singular__CreateInput,
  type __pluralCamel__FilterSchema,
} from '@gestcava/contracts';
import { defineResource, type ExportFormat } from '@/lib/define-resource';

/** /api/__plural__, cached under ['__plural__']. */
const __pluralCamel__ = defineResource({
  key: ['__plural__'],
  base: '/api/__plural__',
  schemas: {
    list: pageOf(__singularCamel__Schema),
    summary: __pluralCamel__SummarySchema,
    detail: __singularCamel__Schema,
  },
});

/** The filters the list, its summary and its export share, as the server reads them from the URL. */
export type __Plural__Filters = z.input<typeof __pluralCamel__FilterSchema>;

export const use__Plural__ = __pluralCamel__.useList;
export const use__Plural__Summary = __pluralCamel__.useSummary;
export const use__Singular__ = __pluralCamel__.useDetail;
export const use__Singular__History = __pluralCamel__.useHistory;
export const useCreate__Singular__ = () => __pluralCamel__.useCreate<__Singular__CreateInput>();
export const useUpdate__Singular__ = (id: string) =>
  __pluralCamel__.useUpdate<Partial<__Singular__CreateInput>>(id);
export const useRemove__Singular__ = __pluralCamel__.useRemove;
export const export__Plural__ = (filters: __Plural__Filters, format: ExportFormat) =>
  __pluralCamel__.exportFile(filters, format);
