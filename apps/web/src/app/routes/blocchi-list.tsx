import { BlocchiList } from '@/features/blocchi/components/blocchi-list';
import { LazyCondividiButton as CondividiButton } from '@/features/condivisioni/components/lazy';
import { PrintLabelsButton } from '@/features/etichette/components/print-labels-button';
import { TrasferisciButton } from '@/features/trasferimenti/components/trasferisci-button';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { usePageHandle } from '../use-page-handle';
import { bloccoKindOf } from './blocchi-kind';

/**
 * /app/pages/blocchi and /app/pages/blocchi-esterni: one feature, the kind from the route; the ticked
 * blocks print their labels, are shared with a cliente and, for who may write, travel to a group
 * company (only disponibili go).
 */
export function BlocchiListPage() {
  const { page } = usePageHandle();
  const { user } = useSession();
  const kind = bloccoKindOf(page);
  if (!kind) return null;
  const writable = can(user, kind, 'write');
  return (
    <BlocchiList
      key={kind}
      kind={kind}
      selectionActions={(blocchi, clear) => (
        <>
          <PrintLabelsButton entityType="blocco" ids={blocchi.map((b) => b._id)} />
          {(writable || can(user, 'collaudi', 'write')) && (
            <CondividiButton blocchi={blocchi.map((b) => ({ _id: b._id, codice: b.codice }))} />
          )}
          {writable && (
            <TrasferisciButton
              items={blocchi
                .filter((b) => b.stato === 'disponibile')
                .map((b) => ({
                  tipo: 'blocco' as const,
                  id: b._id,
                  codice: b.codice,
                  descrizione: b.materiale.nome,
                }))}
              onDone={clear}
            />
          )}
        </>
      )}
    />
  );
}

export const Component = BlocchiListPage;
