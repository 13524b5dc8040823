import { z } from 'zod';
import {
  BLOCCO_STATO_LABELS,
  ENTITY_PAGES,
  anagraficaPickerItemSchema,
  bancataPickerItemSchema,
  type bloccoFilterSchema,
  bloccoListItemSchema,
  bloccoSchema,
  bloccoSummarySchema,
  pageOf,
  type BancataPickerItem,
  type Blocco,
  type BloccoDeclassaBody,
  type BloccoEsternoCreate,
  type BloccoInternoCreate,
  type BloccoStatoBody,
  type BloccoUpdate,
} from '@gestcava/contracts';
import { defineResource, type ExportFormat, type ListPaging } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

/** Own blocks (/api/blocchi) or bought-in ones (/api/blocchi-esterni): the page's permission key. */
export type BloccoKind = 'blocchi' | 'blocchi-esterni';

export const BLOCCO_KIND_LABELS: Record<
  BloccoKind,
  { title: string; singolare: string; plurale: string; base: string; icon: string }
> = {
  blocchi: {
    title: 'Blocchi',
    singolare: 'Blocco',
    plurale: 'Blocchi',
    base: ENTITY_PAGES.blocco.path,
    icon: 'pi pi-stop',
  },
  // the title is the menu's (docs/screens.md)
  'blocchi-esterni': {
    title: 'Blocchi Esterni',
    singolare: 'Blocco esterno',
    plurale: 'Blocchi esterni',
    base: ENTITY_PAGES['blocco-esterno'].path,
    icon: 'pi pi-truck',
  },
};

/**
 * One resource per kind, everything under ['blocchi', kind] (queryRoots.blocchi). A write also
 * refreshes the bancate: a bancata's detail shows its blocchi and their totals. `stato` is effective.
 * The filters are typed by the hooks below (the amounts travel as text, see BloccoFilters).
 */
const resourceOf = (kind: BloccoKind) =>
  defineResource({
    key: [...queryRoots.blocchi, kind],
    base: `/api/${kind}`,
    schemas: {
      list: pageOf(bloccoListItemSchema),
      summary: bloccoSummarySchema,
      detail: bloccoSchema,
    },
    invalidates: [queryRoots.bancate],
    offline: kind === 'blocchi' ? 'blocco' : 'blocco-esterno',
  });
const blocchi = {
  blocchi: resourceOf('blocchi'),
  'blocchi-esterni': resourceOf('blocchi-esterni'),
};

type AmountFilterName = 'volumeMin' | 'volumeMax' | 'prezzoMin' | 'prezzoMax';
/**
 * The filters the list, its summary and its export share, as the server reads them from the URL;
 * the amounts travel as the URL's text (z.coerce's input type is unknown).
 */
export type BloccoFilters = Omit<z.input<typeof bloccoFilterSchema>, AmountFilterName> &
  Partial<Record<AmountFilterName, string>>;
export type BloccoListParams = BloccoFilters & ListPaging;
/** From a bancata ribaltata or in riquadratura (else 409), or from a fornitore with the purchase. */
export type BloccoCreateBody = BloccoInternoCreate | BloccoEsternoCreate;

export const useBlocchi = (kind: BloccoKind, params: BloccoListParams) =>
  blocchi[kind].useList(params);
export const useBlocchiSummary = (kind: BloccoKind, filters: BloccoFilters) =>
  blocchi[kind].useSummary(filters);
export const useBlocco = (kind: BloccoKind, id: string) => blocchi[kind].useDetail(id);
export const useBloccoHistory = (kind: BloccoKind, id: string) => blocchi[kind].useHistory(id);
export const useBloccoGenealogy = (kind: BloccoKind, id: string) => blocchi[kind].useGenealogy(id);
export const useCreateBlocco = (kind: BloccoKind) => blocchi[kind].useCreate<BloccoCreateBody>();
/** A net measure sent as null goes back to the gross one. */
export const useUpdateBlocco = (kind: BloccoKind, id: string) =>
  blocchi[kind].useUpdate<Partial<BloccoUpdate>>(id);
/** 204 while nothing references it and it is not sold or sawn, else 409. */
export const useDeleteBlocco = (kind: BloccoKind, id: string) => blocchi[kind].useRemove(id);
/** POST /:id/stato: a manual move of BLOCCO_TRANSITIONS (opzionato needs the cliente and the expiry); any other answers 409. */
export const useChangeBloccoStato = (kind: BloccoKind, id: string) =>
  blocchi[kind].useAction<BloccoStatoBody>(id, 'stato');
/** POST /:id/declassa { scelta?, categoria?, unitaPrezzo?, nota }: only lowers; the block stays sellable. */
export const useDeclassaBlocco = (kind: BloccoKind, id: string) =>
  blocchi[kind].useAction<BloccoDeclassaBody>(id, 'declassa');
/**
 * The yard's state change of a block: offline it is kept on the device and replayed with
 * its Idempotency-Key; If-Match is the block's updatedAt as shown, so a block changed meanwhile
 * (sold by someone else…) refuses it instead of being overwritten.
 */
export const useChangeBloccoStatoQueueable = (kind: BloccoKind, b: Blocco) =>
  blocchi[kind].useQueueable((body: BloccoStatoBody) => ({
    kind: 'stato-blocco',
    label: `${BLOCCO_KIND_LABELS[kind].singolare} ${b.codice}: stato → ${BLOCCO_STATO_LABELS[body.stato]}`,
    method: 'POST',
    url: blocchi[kind].path(b._id, 'stato'),
    json: body,
    ifMatch: b.updatedAt,
    itemKey: `blocco:${b._id}`,
  }));
/** The yard's move of a block to another ubicazione (PUT with the place only), queued offline like the state change. */
export const useSpostaBlocco = (kind: BloccoKind, b: Blocco) =>
  blocchi[kind].useQueueable((place: { _id: string; nome: string }) => ({
    kind: 'sposta-blocco',
    label: `${BLOCCO_KIND_LABELS[kind].singolare} ${b.codice}: sposta in ${place.nome}`,
    method: 'PUT',
    url: blocchi[kind].path(b._id),
    json: { ubicazioneId: place._id },
    ifMatch: b.updatedAt,
    itemKey: `blocco:${b._id}`,
  }));
export const exportBlocchi = (
  kind: BloccoKind,
  filters: BloccoFilters & { sort: string },
  format: ExportFormat,
) => blocchi[kind].exportFile(filters, format);

/**
 * A cliente (to opzionare a blocco) or a fornitore (of a blocco esterno) by name, from this
 * module's own pickers (docs/api.md "Shape of the API"): `GET /api/blocchi/clienti-selezionabili?q=`,
 * `GET /api/blocchi-esterni/fornitori-selezionabili?q=`, read under the blocchi permission, so a
 * yard user needs no Clienti or Fornitori page.
 */
export const anagraficheChoicesQueryOptions = (
  kind: BloccoKind,
  which: 'clienti' | 'fornitori',
  q: string,
) =>
  blocchi[kind].queries.picker(
    which,
    `${which}-selezionabili`,
    z.array(anagraficaPickerItemSchema),
    60_000,
  )(q);

export type BancataChoice = BancataPickerItem;

/**
 * The bancate a new blocco may come from (ribaltata or in riquadratura), newest first. Read
 * through the blocchi module, so the blocchi permission is enough (no bancate page needed).
 */
const bancateSelezionabili = blocchi.blocchi.read((enabled: boolean) => ({
  key: ['bancate-selezionabili'],
  url: '/api/blocchi/bancate-selezionabili',
  schema: z.array(bancataPickerItemSchema),
  enabled,
}));
export const bancateSelezionabiliQueryOptions = () => bancateSelezionabili.options(true);
export const useBancateSelezionabili = (enabled = true) => bancateSelezionabili.use(enabled);
