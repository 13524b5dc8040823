import { LottiList } from '@/features/magazzino-pavimenti/components/lotti-list';
import { PrintLabelsButton } from '@/features/etichette/components/print-labels-button';
import { TrasferisciButton } from '@/features/trasferimenti/components/trasferisci-button';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';

/** /app/pages/magazzino/pavimenti: ticked lots print their labels and travel (their free pieces) to a group company. */
export function MagazzinoPavimentiPage() {
  const { user } = useSession();
  const writable = can(user, 'magazzino-pavimenti', 'write');
  return (
    <LottiList
      selectionActions={(lotti, clear) => (
        <>
          <PrintLabelsButton entityType="lotto" ids={lotti.map((l) => l._id)} />
          {writable && (
            <TrasferisciButton
              items={lotti
                .filter((l) => l.pezziDisponibili > 0)
                .map((l) => ({
                  tipo: 'lotto' as const,
                  id: l._id,
                  codice: l.codice,
                  descrizione: l.materiale.nome,
                  pezzi: l.pezziDisponibili,
                }))}
              onDone={clear}
            />
          )}
        </>
      )}
    />
  );
}

export const Component = MagazzinoPavimentiPage;
