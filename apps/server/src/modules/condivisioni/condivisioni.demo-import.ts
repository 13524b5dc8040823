import type { RISPOSTE } from '@gestcava/contracts';
import { eq } from 'drizzle-orm';
import { companyScope } from '../../lib/company-table.js';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  condivisioni,
  condivisioniAccessi,
  condivisioniRisposte,
} from '../../db/schema/condivisioni.js';
import { clienti } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { recordAuditMany } from '../../lib/audit.js';
import { newToken } from './condivisioni.token.js';

import { rispostaNote } from './condivisioni.common.js';

interface DemoLink {
  clienteId: string;
  blocchi: string[];
  scadenza: string;
  lingua: 'it' | 'en';
  messaggio: string;
  creataIl: Date;
}
type DemoAccesso = { at: Date; indirizzo: string; browser: string };
type DemoRisposta = {
  bloccoId: string;
  risposta: (typeof RISPOSTE)[number];
  nota: string | null;
  at: Date;
  lettaAt?: Date;
};

/** The link's row as it was made on `creataIl`, with its visits and answers. */
async function insertDemoLink(
  tx: DbOrTx,
  actor: Actor,
  link: DemoLink,
  accessi: DemoAccesso[],
  risposte: DemoRisposta[],
) {
  const [row] = await tx
    .insert(condivisioni)
    .values({
      companyId: actor.companyId,
      clienteId: link.clienteId,
      userId: actor.userId,
      tokenHash: newToken().hash,
      blocchi: link.blocchi,
      scadenza: link.scadenza,
      lingua: link.lingua,
      mostraPrezzi: true,
      messaggio: link.messaggio,
      createdAt: link.creataIl,
      updatedAt: link.creataIl,
    })
    .returning({ id: condivisioni.id });
  if (accessi.length)
    await tx
      .insert(condivisioniAccessi)
      .values(accessi.map((a) => ({ ...a, condivisioneId: row!.id })));
  if (risposte.length)
    await tx
      .insert(condivisioniRisposte)
      .values(risposte.map((r) => ({ ...r, condivisioneId: row!.id })));
}

/**
 * Demo data: links made days ago with their visits and answers. The token is thrown away, as for
 * every link (only the hash is stored), so a demo link opens for nobody.
 */
export async function importDemo(
  db: Db,
  actor: Actor,
  link: DemoLink,
  accessi: DemoAccesso[],
  risposte: DemoRisposta[],
) {
  await db.transaction(async (tx) => {
    await insertDemoLink(tx, actor, link, accessi, risposte);
    const [cliente] = await tx
      .select({ ragioneSociale: clienti.ragioneSociale })
      .from(clienti)
      .where(companyScope(clienti, actor.companyId, eq(clienti.id, link.clienteId)));
    await recordAuditMany(
      tx,
      risposte.map((r) => ({
        companyId: actor.companyId,
        entityType: 'blocco',
        entityId: r.bloccoId,
        action: 'risposta_cliente',
        userId: null,
        note: rispostaNote(cliente!.ragioneSociale, r.risposta, r.nota),
      })),
    );
  });
}
