import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { detailPath, type Fattura, type FatturaTipo } from '@gestcava/contracts';
import { todayIso } from '@/lib/iso-date';
import { notify } from '@/lib/toast';
import { useDaFatturare, useEmettiFattura, useSaveFattura } from '../api/fatture';
import {
  bozzaErrors,
  bozzaOf,
  fatturaBody,
  nuovaRiga,
  primoMese,
  readNuovaParams,
  type Bozza,
  type RigaLibera,
} from '../model/nuova-fattura';

export interface Cliente {
  id: string;
  nome: string | null;
}

const failed = (summary: string) => (error: unknown) =>
  notify({
    severity: 'error',
    summary,
    detail: error instanceof Error ? error.message : undefined,
  });

/**
 * The new invoice's state (or a draft's, to edit it): type and cliente, the month and the DDTs
 * ticked, the free lines, date, payment and notes. «Anteprima» saves the draft, so the preview
 * shows the server's own lines, VAT and due dates; «Emetti» numbers it and opens its page. A link
 * may choose the cliente and tick DDTs (`nuovaFatturaPath`): they are ticked once the list arrives.
 */
export function useNuovaFattura(draft?: Fattura, onSaved?: (f: Fattura) => void) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [initial] = useState(() =>
    draft
      ? { clienteId: draft.cliente._id, clienteNome: null, ddt: draft.ddt.map((d) => d._id) }
      : readNuovaParams(search),
  );
  const [bozza, setBozza] = useState<Bozza>(() =>
    draft
      ? bozzaOf(draft)
      : {
          tipo: 'TD24',
          clienteId: initial.clienteId ?? '',
          data: todayIso(),
          ticked: new Set(),
          libere: [],
          fatturaCollegataId: null,
          modalita: null,
          addebitaBollo: false,
          causale: '',
          note: '',
        },
  );
  const [cliente, setClienteState] = useState<Cliente | null>(
    draft
      ? { id: draft.cliente._id, nome: draft.cliente.ragioneSociale }
      : initial.clienteId
        ? { id: initial.clienteId, nome: initial.clienteNome }
        : null,
  );
  const [mese, setMese] = useState<string | null>(null);
  // the cliente whose list has chosen the month and the link's ticks
  const [filledFor, setFilledFor] = useState<string>('');
  const [showErrors, setShowErrors] = useState(false);
  const [preview, setPreview] = useState<Fattura | null>(null);
  const [savedId, setSavedId] = useState<string | null>(draft?._id ?? null);
  const [busy, setBusy] = useState<'anteprima' | 'emetti' | null>(null);
  const da = useDaFatturare(cliente && bozza.tipo === 'TD24' ? cliente.id : null);
  const save = useSaveFattura();
  const emetti = useEmettiFattura();

  // Once the cliente's DDTs are here: the month to show and the DDTs a link (or the draft) ticked.
  // A draft's own DDTs are already invoiced by it, so the server lists them for it as well.
  const data = da.data && !da.isPlaceholderData ? da.data : undefined;
  if (data && cliente && filledFor !== cliente.id) {
    setFilledFor(cliente.id);
    const first = primoMese(data, cliente.id === initial.clienteId ? initial.ddt : []);
    setMese(first.mese);
    setBozza((b) => ({ ...b, ticked: first.ticked }));
  }

  const update = (patch: Partial<Bozza>) => {
    setPreview(null);
    setBozza((b) => ({ ...b, ...patch }));
  };
  const errors = bozzaErrors(bozza, data);

  const toggle = (id: string, on: boolean) => {
    const ticked = new Set(bozza.ticked);
    if (on) ticked.add(id);
    else ticked.delete(id);
    update({ ticked });
  };

  const anteprima = async () => {
    setShowErrors(true);
    if (errors.length > 0) return;
    setBusy('anteprima');
    try {
      const saved = await save.mutateAsync({ id: savedId, body: fatturaBody(bozza, data) });
      setSavedId(saved._id);
      setPreview(saved);
    } catch (error) {
      failed('Anteprima non disponibile')(error);
    } finally {
      setBusy(null);
    }
  };

  const emettiOra = async () => {
    if (!preview) return;
    setBusy('emetti');
    try {
      const emessa = await emetti.mutateAsync(preview._id);
      notify({
        severity: 'success',
        summary: `Fattura ${emessa.numeroDocumento ?? ''} emessa`,
        detail: 'Scarica l’XML da trasmettere al Sistema di Interscambio e la copia di cortesia',
      });
      if (onSaved) onSaved(emessa);
      else void navigate(detailPath('fattura', emessa._id), { replace: true });
    } catch (error) {
      failed('Fattura non emessa')(error);
    } finally {
      setBusy(null);
    }
  };

  /** Leaves the draft as it was saved by the preview. */
  const lasciaInBozza = () => {
    if (!preview) return;
    notify({
      severity: 'success',
      summary: 'Bozza salvata',
      detail: preview.cliente.ragioneSociale,
    });
    if (onSaved) onSaved(preview);
    else void navigate(detailPath('fattura', preview._id), { replace: true });
  };

  return {
    bozza,
    cliente,
    setCliente: (c: Cliente | null) => {
      setClienteState(c);
      setFilledFor('');
      setMese(null);
      update({ clienteId: c?.id ?? '', ticked: new Set(), fatturaCollegataId: null });
    },
    setTipo: (tipo: FatturaTipo) =>
      update({
        tipo,
        ticked: new Set(),
        fatturaCollegataId: null,
        // immediate invoices and notes of credit are made of free lines: start with one
        libere: tipo !== 'TD24' && bozza.libere.length === 0 ? [nuovaRiga()] : bozza.libere,
      }),
    da,
    data,
    mese,
    setMese: (m: string) => {
      setMese(m);
      update({ ticked: new Set() });
    },
    toggle,
    setTicked: (ids: string[]) => update({ ticked: new Set(ids) }),
    setRighe: (libere: RigaLibera[]) => update({ libere }),
    update,
    errors: showErrors ? errors : [],
    showRowErrors: showErrors,
    preview,
    anteprima: () => void anteprima(),
    back: () => setPreview(null),
    emetti: () => void emettiOra(),
    lasciaInBozza,
    busy,
  };
}
