import { Message } from 'primereact/message';
import { useLabelsAddress } from '../api/etichette';
import './labels-address.css';

/**
 * Where the labels' QR codes point (issue 27). A loopback address (PUBLIC_URL unset: localhost) opens
 * on no phone in the yard: a warning, in the print button's area and in the admin settings.
 * `compact`: the one line beside the print button; otherwise the address is always shown.
 */
export function LabelsAddress({ compact = false }: { compact?: boolean }) {
  const { data } = useLabelsAddress();
  if (!data || (compact && !data.loopback)) return null;
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
