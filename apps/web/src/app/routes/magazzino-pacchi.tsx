import { MagazzinoLastreView } from '@/features/magazzino-lastre/components/magazzino-lastre-view';
import { PrintLabelsButton } from '@/features/etichette/components/print-labels-button';
import { TrasferisciButton } from '@/features/trasferimenti/components/trasferisci-button';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';

/** /app/pages/magazzino/pacchi: the bundles tab of Magazzino → Lastre; ticked bundles print labels and travel to a group company. */
export function MagazzinoPacchiPage() {
  const { user } = useSession();
  const writable = can(user, 'magazzino-lastre', 'write');
  return (
    <MagazzinoLastreView
      tab="pacchi"
      selectionActions={(pacchi, clear) => (
        <>
          <PrintLabelsButton entityType="pacco" ids={pacchi.map((p) => p._id)} />
          {writable && (
            <TrasferisciButton
              items={pacchi.map((p) => ({
                tipo: 'pacco' as const,
                id: p._id,
                codice: p.codice,
                descrizione: p.materiale.nome,
              }))}
              onDone={clear}
            />
          )}
        </>
      )}
    />
  );
}

export const Component = MagazzinoPacchiPage;
