import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { BLOCCO_STATO_LABELS, SCELTA_LABELS, type BloccoCollaudabile } from '@gestcava/contracts';
import { formatDate, formatVolume } from '@/lib/format';
import { blocchiCollaudabiliQueryOptions, useBlocchiCollaudabili } from '../api/collaudi';
import { pickByCode } from './pick-by-code';

/**
 * Adding a block by its code (typed or read off the block, Enter adds it), or from the list of
 * the blocks this collaudo may take: disponibile, or optioned for its cliente.
 */
export function AggiungiBlocco({
  collaudoId,
  onAdd,
  adding,
}: {
  collaudoId: string;
  onAdd: (b: BloccoCollaudabile) => Promise<boolean>;
  adding: boolean;
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [browse, setBrowse] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const open = browse || q !== '';
  const list = useBlocchiCollaudabili(collaudoId, q, open);
  const options = list.data ?? [];

  const add = async (b: BloccoCollaudabile) => {
    setMessage(null);
    if (await onAdd(b)) {
      setText('');
      setQ('');
      setBrowse(false);
      input.current?.focus();
    }
  };
  const addTyped = async () => {
    const code = text.trim();
    if (!code || adding) return;
    setMessage(null);
    let found: BloccoCollaudabile[];
    try {
      found = await queryClient.fetchQuery(blocchiCollaudabiliQueryOptions(collaudoId, code));
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'Ricerca non riuscita');
      return;
    }
    const b = pickByCode(code, found);
    if (b) await add(b);
    else if (found.length === 0)
      setMessage(
        `Nessun blocco collaudabile con codice «${code}»: deve essere disponibile, o opzionato per questo cliente.`,
      );
    else {
      setQ(code);
      setMessage(`Più blocchi contengono «${code}»: scegli quale.`);
    }
  };

  return (
    <div className="aggiungi-blocco" data-testid="aggiungi-blocco">
      <label htmlFor="aggiungi-blocco-codice" className="riga-label">
        Aggiungi un blocco
      </label>
      <div className="aggiungi-blocco-bar">
        <InputText
          id="aggiungi-blocco-codice"
          ref={input}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setMessage(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void addTyped();
            }
          }}
          placeholder="Codice, es. BL-2026-0042"
          autoComplete="off"
          enterKeyHint="done"
          aria-describedby={message ? 'aggiungi-blocco-msg' : undefined}
          className="aggiungi-blocco-input"
          data-testid="aggiungi-blocco-codice"
        />
        <Button
          type="button"
          label="Aggiungi"
          icon="pi pi-plus"
          loading={adding}
          disabled={!text.trim()}
          onClick={() => void addTyped()}
          data-testid="aggiungi-blocco-submit"
        />
        <Button
          type="button"
          label={browse ? 'Chiudi elenco' : 'Elenco'}
          icon={browse ? 'pi pi-chevron-up' : 'pi pi-list'}
          outlined
          aria-expanded={open}
          aria-controls="aggiungi-blocco-options"
          onClick={() => setBrowse((v) => !v)}
          data-testid="aggiungi-blocco-elenco"
        />
      </div>
      {message && (
        <small
          id="aggiungi-blocco-msg"
          className="p-error block mt-1"
          role="alert"
          data-testid="aggiungi-blocco-msg"
        >
          {message}
        </small>
      )}
      {open && (
        <div
          id="aggiungi-blocco-options"
          className="aggiungi-blocco-options"
          aria-busy={list.isFetching}
        >
          {list.isError ? (
            <p className="m-0 p-error">{list.error.message}</p>
          ) : list.isPending ? (
            <p className="m-0 text-color-secondary">Ricerca dei blocchi…</p>
          ) : options.length === 0 ? (
            <p className="m-0 text-color-secondary">
              {q
                ? `Nessun blocco collaudabile contiene «${q}».`
                : 'Nessun blocco collaudabile: servono blocchi disponibili o opzionati per questo cliente.'}
            </p>
          ) : (
            <ul aria-label="Blocchi collaudabili">
              {options.map((b) => (
                <li key={b._id}>
                  <button
                    type="button"
                    className="aggiungi-blocco-option"
                    disabled={adding}
                    onClick={() => void add(b)}
                    data-testid="blocco-collaudabile-option"
                  >
                    <span>
                      <strong>{b.codice}</strong> {b.materiale.nome} · {SCELTA_LABELS[b.scelta]}
                    </span>
                    <span className="text-color-secondary">
                      {formatVolume(b.volumeNetto)}
                      {b.stato === 'opzionato'
                        ? ` · ${BLOCCO_STATO_LABELS.opzionato.toLowerCase()}${b.opzioneScadenza ? ` fino al ${formatDate(b.opzioneScadenza)}` : ''}`
                        : ''}
                    </span>
                    <i className="pi pi-plus-circle" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
