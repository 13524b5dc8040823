import { numeroDdt, type Ddt, type DdtDocumentoLinkQueryInput } from '@gestcava/contracts';
import { downloadSignedLink } from '@/lib/download';
import { getDocumentoLink } from '../api/spedizioni';

type Documento = Pick<Ddt, '_id' | 'numero' | 'anno'>;

/** The name the server gives the file too: `ddt-12-2026.pdf`, `packing-list-12-2026.xlsx` (English), `packing-list-it-…`. */
export function documentoFileName(d: Documento, query: DdtDocumentoLinkQueryInput): string {
  const numero =
    d.numero != null && d.anno != null
      ? numeroDdt(d.numero, d.anno).replace('/', '-')
      : `bozza-${d._id.slice(-8)}`;
  if (query.tipo !== 'packing-list') return `ddt-${numero}.pdf`;
  return `${query.lingua === 'en' ? 'packing-list' : 'packing-list-it'}-${numero}.${query.formato ?? 'pdf'}`;
}

/** Downloads the DDT's PDF or its packing list through the short-lived link the server signs, like the verbale's. */
export async function downloadDocumento(
  d: Documento,
  query: DdtDocumentoLinkQueryInput = { tipo: 'ddt' },
): Promise<void> {
  const { url } = await getDocumentoLink(d._id, query);
  downloadSignedLink(url, documentoFileName(d, query));
}
