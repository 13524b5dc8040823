import { pesoBlocco, type PubblicoCondivisione } from '@gestcava/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { condivisioniAccessi, condivisioniRisposte } from '../../db/schema/condivisioni.js';
import { clienti, companies } from '../../db/schema/index.js';
import { blocchiCondivisi } from '../blocchi/blocchi.reads.js';
import { fotoDiBlocchi } from '../photos/photos.reads.js';
import type { CondivisioneRow } from './condivisioni.repository.js';
import { browserOf, truncateAddress } from './condivisioni.token.js';

// The page a link's buyer opens (docs/condivisioni.md "Cosa vede il cliente"), built from the live link.

export interface Visitor {
  ip: string;
  userAgent: string | undefined;
}

/** The blocks of a link as they are now, with `offerto` false for one sold or optioned to another meanwhile. */
export const blocksOf = (db: DbOrTx, link: CondivisioneRow) =>
  blocchiCondivisi(db, link.companyId, link.clienteId, link.blocchi);

/** The photos of the blocks the link still offers. */
export const photosOf = (db: DbOrTx, link: CondivisioneRow, bloccoIds: string[]) =>
  fotoDiBlocchi(db, link.companyId, bloccoIds);

type SharedBlock = Awaited<ReturnType<typeof blocksOf>>[number];
type Foto = Awaited<ReturnType<typeof photosOf>>[number];

/** One block of the page: its public fields; photos and price only while it is still offered. */
function publicBlocco(
  link: CondivisioneRow,
  { b, materiale, densita, offerto }: SharedBlock,
  foto: Foto[],
): PubblicoCondivisione['blocchi'][number] {
  return {
    _id: b.id,
    codice: b.codice,
    disponibile: offerto,
    materiale,
    scelta: b.scelta,
    categoria: b.categoria,
    misureLorde: { lunghezza: b.lunghezza, altezza: b.altezza, profondita: b.profondita },
    misureNette: {
      lunghezza: b.lunghezzaNetta,
      altezza: b.altezzaNetta,
      profondita: b.profonditaNetta,
    },
    volumeNetto: b.volumeNetto,
    peso: pesoBlocco({ pesoPesa: b.pesoPesa, volumeNettoM3: b.volumeNetto, densita }),
    difetti: b.difetti,
    noteDifetti: b.noteDifetti,
    foto: offerto
      ? foto
          .filter((f) => f.entityId === b.id)
          .map((f) => ({ _id: f.id, width: f.width, height: f.height, segni: f.segni }))
      : [],
    prezzo:
      link.mostraPrezzi && offerto && b.prezzoListino != null
        ? { importo: b.prezzoListino, unita: b.unitaPrezzo }
        : null,
  };
}

/** The visit logged, then the page's rows read side by side, then the photos of the blocks on offer. */
async function readPage(db: DbOrTx, link: CondivisioneRow, visitor: Visitor) {
  await db.insert(condivisioniAccessi).values({
    condivisioneId: link.id,
    indirizzo: truncateAddress(visitor.ip),
    browser: browserOf(visitor.userAgent),
  });
  const [[company], [cliente], rows, risposte] = await Promise.all([
    db.select().from(companies).where(eq(companies.id, link.companyId)),
    db.select().from(clienti).where(eq(clienti.id, link.clienteId)),
    blocksOf(db, link),
    db
      .select()
      .from(condivisioniRisposte)
      .where(eq(condivisioniRisposte.condivisioneId, link.id))
      .orderBy(asc(condivisioniRisposte.at)),
  ]);
  const offered = rows.filter((r) => r.offerto).map((r) => r.b.id);
  const foto = await photosOf(db, link, offered);
  return { company: company!, cliente: cliente!, rows, risposte, foto };
}

/** The page of a live link, in the order the link names its blocks. */
export async function viewOf(
  db: DbOrTx,
  link: CondivisioneRow,
  visitor: Visitor,
  logoUrl: (key: string) => string,
): Promise<PubblicoCondivisione> {
  const { company, cliente, rows, risposte, foto } = await readPage(db, link, visitor);
  const order = (id: string) => link.blocchi.indexOf(id);
  return {
    azienda: { nome: company.name, logoUrl: company.logoKey ? logoUrl(company.logoKey) : null },
    cliente: { ragioneSociale: cliente.ragioneSociale },
    messaggio: link.messaggio,
    scadenza: link.scadenza,
    lingua: link.lingua,
    blocchi: rows
      .sort((a, b) => order(a.b.id) - order(b.b.id))
      .map((row) => publicBlocco(link, row, foto)),
    risposte: risposte.map((r) => ({
      bloccoId: r.bloccoId,
      risposta: r.risposta as PubblicoCondivisione['risposte'][number]['risposta'],
      at: r.at.toISOString(),
    })),
  };
}
