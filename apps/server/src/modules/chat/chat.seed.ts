import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client.js';
import { chatMessages } from '../../db/schema/index.js';

type Line = [from: string, to: string, minutesAgo: number, content: string];

/**
 * docs/screens.md "Demo data": a few conversations between the demo users, so the chat is alive on first start; the
 * latest messages to each user are left unread, so the top-bar badge shows a count.
 */
const CONVERSATIONS: Line[] = [
  [
    'produzione',
    'vendite',
    3 * 24 * 60 + 40,
    'Ciao Luca, il blocco di Canalgrande della bancata di lunedì è squadrato: 2,9 × 1,6 × 1,4 m.',
  ],
  [
    'vendite',
    'produzione',
    3 * 24 * 60 + 25,
    'Ottimo. Il cliente di Verona vuole vederlo: riesci a mandarmi due foto della faccia lucidata?',
  ],
  [
    'produzione',
    'vendite',
    3 * 24 * 60 + 5,
    'Domattina con la luce buona te le carico in galleria.',
  ],
  ['vendite', 'produzione', 26 * 60, 'Il collaudo è fissato per giovedì alle 9 in piazzale.'],
  ['produzione', 'vendite', 25 * 60, 'Va bene, lo lascio accessibile vicino alla pesa.'],
  ['vendite', 'produzione', 35, 'Il cliente chiede anche lo spessore delle lastre: 2 o 3 cm?'],
  [
    'produzione',
    'segheria',
    2 * 24 * 60 + 90,
    'Paolo, giovedì partono tre blocchi per voi: vi servono le misure nette?',
  ],
  [
    'segheria',
    'produzione',
    2 * 24 * 60 + 60,
    "Sì grazie, e il peso da pesa se ce l'avete. Il telaio si libera venerdì.",
  ],
  [
    'produzione',
    'segheria',
    2 * 24 * 60 + 30,
    'Te le mando appena riquadrati. Pesi in arrivo con il DDT.',
  ],
  [
    'segheria',
    'produzione',
    50,
    'Primo blocco sul telaio, taglio da 2 cm. Vi aggiorno sulla resa.',
  ],
  [
    'magazzino',
    'admin',
    5 * 24 * 60,
    'Giulia, mi abiliti anche i pavimenti sul tablet del piazzale?',
  ],
  [
    'admin',
    'magazzino',
    5 * 24 * 60 - 20,
    "Fatto: rientra nell'app e li trovi nel menu Magazzino.",
  ],
  ['magazzino', 'admin', 20, 'Inventario lastre chiuso: tre pacchi da ricontare domani.'],
];

export async function seedChat(db: Db, userIds: Record<string, string>): Promise<void> {
  const id = (key: string) => userIds[`${key}@cava.example`]!;
  const now = Date.now();
  // Unread: the last message of each conversation, if it is recent (the receiver has not opened it yet).
  const lastOfPair = new Map<string, number>();
  CONVERSATIONS.forEach(([from, to], i) => lastOfPair.set([from, to].sort().join('|'), i));
  const unread = new Set(lastOfPair.values());
  const rows = CONVERSATIONS.map(([from, to, minutesAgo, content], i) => {
    const createdAt = new Date(now - minutesAgo * 60_000);
    return {
      id: uuidv7({ msecs: createdAt.getTime() }),
      senderId: id(from),
      receiverId: id(to),
      content,
      createdAt,
      readAt: unread.has(i) ? null : new Date(createdAt.getTime() + 5 * 60_000),
    };
  });
  await db.insert(chatMessages).values(rows);
}
