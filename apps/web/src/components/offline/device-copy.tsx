import './device-copy.css';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { it } from 'date-fns/locale/it';
import { detailPath, type EntityKind } from '@gestcava/contracts';
import { RecordLink } from '@/components/record-link';
import { SectionCard } from '@/components/section-card';
import { useOnline } from '@/lib/offline/network';
import { usePendingFor } from '@/lib/offline/active-queue';
import { Link } from 'react-router';
import { currentScope, deviceCopyTime } from '@/lib/offline/device-copy';
import { quietly, recentItems } from '@/lib/offline/item-cache';
import { queryRoots } from '@/lib/query-keys';
import { useSession } from '@/lib/session';

/** «aggiornata alle 09:41 del 26/11/26» (the device's clock) */
const freshAt = (at: number) =>
  format(at, "'aggiornata alle' HH:mm 'del' dd/MM/yy", { locale: it });

/**
 * Over a detail page: the record shown is the device's copy (the server did not answer), or the
 * browser is offline and the page shows what it loaded before. Actions that need the network are
 * the queue's (or fail with the network's message).
 */
export function DeviceCopyMark({ data, updatedAt }: { data: unknown; updatedAt?: number }) {
  const online = useOnline();
  const at = deviceCopyTime(data) ?? (online || !updatedAt ? undefined : updatedAt);
  if (at === undefined) return null;
  return (
    <div className="device-copy-mark" role="status" data-testid="device-copy-mark">
      <i className="pi pi-database" aria-hidden="true" />
      <span>Copia sul dispositivo, {freshAt(at)}</span>
    </div>
  );
}

/**
 * Over a detail page: the actions still waiting on the device for this record. The page shows the
 * record as the server (or the copy) has it; these say what it will be once they arrive, and the
 * same action again is refused at once (lib/offline/send-or-queue).
 */
export function PendingOnItem({ data }: { data: unknown }) {
  const id = (data as { _id?: unknown } | null)?._id;
  const pending = usePendingFor(typeof id === 'string' ? id : '');
  if (typeof id !== 'string' || pending.length === 0) return null;
  return (
    <div className="device-copy-mark pending-on-item" role="status" data-testid="pending-on-item">
      <i className="pi pi-cloud-upload" aria-hidden="true" />
      <span>
        In attesa di invio: {pending.map((a) => `«${a.label}»`).join(', ')}.{' '}
        <Link to="/app/pages/azioni-in-attesa">Azioni in attesa</Link>
      </span>
    </div>
  );
}

const KIND_NOUNS: Partial<Record<EntityKind, string>> = {
  blocco: 'Blocco',
  'blocco-esterno': 'Blocco esterno',
  pacco: 'Pacco',
  lastra: 'Lastra',
  lotto: 'Lotto',
  collaudo: 'Collaudo',
};
const SHOWN = 20;

/**
 * «Visti di recente sul dispositivo»: the items this user opened in the last days for the company
 * acted for, newest first, each a link to its page (readable offline from the device's copy).
 */
export function RecentOnDevice() {
  const { user, selectedCompanyId } = useSession();
  const scope = currentScope();
  const recent = useQuery({
    queryKey: [...queryRoots.deviceCopies, user?._id, selectedCompanyId],
    queryFn: async () => (scope ? ((await quietly('elenco', () => recentItems(scope))) ?? []) : []),
    networkMode: 'always',
    staleTime: 0,
  });
  const items = (recent.data ?? []).slice(0, SHOWN);
  return (
    <SectionCard
      titleId="device-recent-title"
      title="Visti di recente sul dispositivo"
      icon="pi pi-database"
    >
      {recent.isSuccess && items.length === 0 && (
        <p className="text-color-secondary m-0">
          Nessuna scheda sul dispositivo: quelle che apri in linea restano leggibili per 7 giorni.
        </p>
      )}
      {items.length > 0 && (
        <ul className="device-recent" data-testid="device-recent">
          {items.map((item) => (
            <li key={item.key}>
              <RecordLink to={detailPath(item.kind, item.id)}>
                {KIND_NOUNS[item.kind] ?? item.kind} {item.label}
              </RecordLink>
              <span className="text-color-secondary">{freshAt(item.fetchedAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
