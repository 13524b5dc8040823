import { Button } from 'primereact/button';
import { useNavigate } from 'react-router';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { nuovoDdtPath, type DdtItems, type DdtParty } from './nuovo-ddt-path';

/**
 * «Crea DDT»: opens Spedizioni → Nuovo DDT for the party with these items ticked. Only for who may
 * write on Spedizioni; the goods leave with the DDT GestCava prints, not by hand.
 */
export function CreaDdtButton({
  party,
  items,
  label = 'Crea DDT',
  outlined,
  testId = 'crea-ddt',
}: {
  party: DdtParty;
  items: DdtItems;
  label?: string;
  outlined?: boolean;
  testId?: string;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  if (!can(user, 'spedizioni', 'write')) return null;
  return (
    <Button
      type="button"
      label={label}
      icon="pi pi-truck"
      outlined={outlined}
      onClick={() => navigate(nuovoDdtPath(party, items))}
      data-testid={testId}
    />
  );
}

/** After a sale or a transfer: what was done, and «Crea DDT» with what it sold (closable; nothing for who cannot make DDTs). */
export function CreaDdtOffer({
  text,
  party,
  items,
  onClose,
}: {
  text: string;
  party: DdtParty;
  items: DdtItems;
  onClose: () => void;
}) {
  const { user } = useSession();
  if (!can(user, 'spedizioni', 'write')) return null;
  return (
    <div
      className="flex flex-wrap align-items-center gap-2 mt-2 p-2 border-1 border-round surface-border"
      role="status"
      data-testid="crea-ddt-offer"
    >
      <span className="flex-1">{text}. Per spedirlo crea il DDT.</span>
      <CreaDdtButton party={party} items={items} />
      <Button
        type="button"
        icon="pi pi-times"
        text
        rounded
        aria-label="Chiudi"
        onClick={onClose}
        data-testid="crea-ddt-offer-close"
      />
    </div>
  );
}
