import { Message } from 'primereact/message';
import { useSession } from '@/lib/session';
import { useLabelsAddress } from '../api/etichette';
import './labels-address.css';

/**
 * Where the labels' QR codes point. A loopback address (PUBLIC_URL unset: localhost) opens
 * on no phone in the yard: a warning for administrators, beside the print button and in the settings.
 * `compact`: the one line beside the print button; otherwise the address is always shown.
 */
export function LabelsAddress({ compact = false }: { compact?: boolean }) {
  const { data } = useLabelsAddress();
  // only an administrator can set PUBLIC_URL: a yard user would read the warning on every page and could do nothing about it
  const admin = useSession().user?.role === 'admin';
  if (!data || (compact && (!data.loopback || !admin))) return null;
  if (!data.loopback)
    return (
      <Message
        className="labels-address"
        severity="info"
        text={`Le etichette puntano a ${data.publicUrl}`}
        data-testid="labels-address"
      />
    );
  const text = compact
    ? `I QR puntano a ${data.publicUrl}: i telefoni non lo aprono`
    : `Le etichette puntano a ${data.publicUrl}, un indirizzo locale che nessun telefono in cava può aprire: imposta PUBLIC_URL con l'indirizzo pubblico del server e riavvialo`;
  return (
    <Message
      className="labels-address"
      severity="warn"
      text={text}
      data-testid="labels-address-warning"
    />
  );
}
