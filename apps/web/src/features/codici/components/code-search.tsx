import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useNavigate, Link } from 'react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { FormAlert } from '@/components/form/form-alert';
import { useMediaQuery } from '@/components/list/use-media-query';
import { codiceCandidates, resolveCodice } from '../api/codici';
import type { CodiceRisolto } from '@gestcava/contracts';
import { isApiError } from '@/lib/api';
import { CameraScanner } from './camera-scanner';
import { codeFromScan } from './scanned-code';
import './codici.css';

/** A touch screen (phone, tablet): there the camera can read a label. */
const TOUCH_QUERY = '(pointer: coarse)';

const LABEL = 'Cerca o scansiona un codice';

/**
 * "Cerca o scansiona un codice": from any page, the painted code of a bancata, block,
 * bundle, slab or lot — typed any way — opens its page. `variant` picks the top bar's icon button or
 * the dashboard's labelled one.
 */
export function CodeSearch({ variant }: { variant: 'topbar' | 'dashboard' }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [codice, setCodice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [candidates, setCandidates] = useState<CodiceRisolto[]>([]);
  const touch = useMediaQuery(TOUCH_QUERY);
  const input = useRef<HTMLInputElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    setScanning(false);
    setCodice('');
    setError(null);
    setCandidates([]);
  }, []);
  const openCode = useCallback(
    async (typed: string) => {
      setPending(true);
      setError(null);
      setCandidates([]);
      try {
        const found = await resolveCodice(typed);
        close();
        void navigate(found.detailPath);
      } catch (err) {
        // no exact match: the codes that contain what was typed, if any
        const similar =
          isApiError(err) && err.status === 404 && typed.trim().length >= 2
            ? await codiceCandidates(typed).catch(() => [])
            : [];
        setCandidates(similar);
        setError(
          similar.length
            ? 'Nessun codice esatto: forse uno di questi?'
            : err instanceof Error
              ? err.message
              : 'Ricerca non riuscita: riprova',
        );
      } finally {
        setPending(false);
      }
    },
    [close, navigate],
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!codice.trim()) {
      setError('Scrivi il codice che leggi sul blocco, sul pacco o sull’etichetta');
      return;
    }
    await openCode(codice);
  };
  const onScan = useCallback(
    (text: string) => {
      const read = codeFromScan(text);
      setScanning(false);
      setCodice(read);
      void openCode(read);
    },
    [openCode],
  );

  return (
    <>
      {variant === 'topbar' ? (
        <button
          type="button"
          className="p-link layout-topbar-button layout-topbar-code-search"
          onClick={() => setOpen(true)}
          aria-label={LABEL}
          title={LABEL}
          data-testid="code-search-open"
        >
          <i className="pi pi-search" aria-hidden="true" />
        </button>
      ) : (
        <Button
          type="button"
          label={LABEL}
          icon="pi pi-search"
          outlined
          onClick={() => setOpen(true)}
          data-testid="dashboard-code-search"
        />
      )}
      <Dialog
        visible={open}
        onHide={close}
        onShow={() => input.current?.focus()}
        header={LABEL}
        modal
        style={{ width: '28rem' }}
        breakpoints={{ '640px': '100vw' }}
        data-testid="code-search-dialog"
      >
        <form onSubmit={(e) => void submit(e)} role="search" aria-label={LABEL}>
          <label htmlFor="code-search-input" className="block mb-2">
            Codice (per esempio BL-2026-0042, una lastra BL-2026-0042-007, un pacco PK-2026-0031)
          </label>
          {scanning && <CameraScanner onRead={onScan} onCancel={() => setScanning(false)} />}
          <div className="flex gap-2">
            <InputText
              id="code-search-input"
              ref={input}
              type="search"
              value={codice}
              onChange={(e) => setCodice(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              enterKeyHint="go"
              className="flex-1"
              data-testid="code-search-input"
            />
            <Button
              type="submit"
              label="Apri"
              icon="pi pi-arrow-right"
              loading={pending}
              data-testid="code-search-submit"
            />
          </div>
          {touch && !scanning && (
            <Button
              type="button"
              label="Scansiona"
              icon="pi pi-camera"
              outlined
              className="w-full mt-3"
              onClick={() => setScanning(true)}
              data-testid="code-search-scan"
            />
          )}
          <div className="mt-3">
            <FormAlert message={error} testId="code-search-error" />
          </div>
          {candidates.length > 0 && (
            <ul className="code-search-candidates" data-testid="code-search-candidates">
              {candidates.map((c) => (
                <li key={`${c.entityType}-${c._id}`}>
                  <Link to={c.detailPath} onClick={close}>
                    {c.descrizione}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </form>
      </Dialog>
    </>
  );
}
