import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { detailPath, type Ddt, type DdtCausale, type DdtRigaTipo } from '@gestcava/contracts';
import { notify } from '@/lib/toast';
import { useDaSpedire, useEmettiDdt, useSaveDdt } from '../api/spedizioni';
import {
  addressOf,
  ddtBody,
  nuovoTrasporto,
  partenzaOf,
  partyQuery,
  pezziError,
  preTickedListed,
  readNuovoParams,
  righeScelte,
  tickKey,
  trasportoErrors,
  trasportoOf,
  type Party,
  type Ticked,
  type Trasporto,
} from '../model/nuovo-ddt';
import { downloadDocumento } from './ddt-downloads';

type Tick = { tipo: DdtRigaTipo; id: string; pezzi?: number };
const partyOfDraft = (d: Ddt): Party =>
  d.causale === 'vendita'
    ? { causale: 'vendita', id: d.cliente?._id ?? '', nome: d.destinatario.ragioneSociale }
    : {
        causale: 'trasferimento',
        id: d.destinazioneCompany?._id ?? '',
        nome: d.destinatario.ragioneSociale,
      };
const ticksOfDraft = (d: Ddt): Ticked =>
  new Map(
    d.righe.map((r) => [
      tickKey(r.entityType, r._id),
      { tipo: r.entityType, id: r._id, ...(r.entityType === 'lotto' ? { pezzi: r.pezzi } : {}) },
    ]),
  );
const keyOf = (p: Party | null) => (p ? `${p.causale}:${p.id}` : '');

/**
 * The new DDT's state (or a draft's, to edit it): the party, the items ticked, the transport; the
 * preview; and "Emetti" (the draft saved, emitted, its PDF downloaded, its page opened) or "Salva bozza".
 * A link may choose the party and tick items (`nuovoDdtPath`): they are ticked once the list arrives.
 */
export function useNuovoDdt(draft?: Ddt, onSaved?: (d: Ddt) => void) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [initial] = useState(() =>
    draft ? { party: partyOfDraft(draft), preTicked: [] } : readNuovoParams(search),
  );
  const [causale, setCausale] = useState<DdtCausale>(initial.party?.causale ?? 'vendita');
  const [party, setParty] = useState<Party | null>(initial.party);
  const [ticked, setTicked] = useState<Ticked>(() => (draft ? ticksOfDraft(draft) : new Map()));
  const [trasporto, setTrasporto] = useState<Trasporto | null>(() =>
    draft ? trasportoOf(draft) : null,
  );
  // the list that filled in the party's defaults (a draft's are its own)
  const [filledFor, setFilledFor] = useState(draft ? keyOf(initial.party) : '');
  const [showErrors, setShowErrors] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(draft?._id ?? null);
  const [busy, setBusy] = useState<'emetti' | 'bozza' | null>(null);
  const da = useDaSpedire(party ? partyQuery(party) : null);
  const save = useSaveDdt();
  const emetti = useEmettiDdt();

  // Once the party's list is here: its name, its address as the destination, the items a link asked for.
  const data = da.data && !da.isPlaceholderData ? da.data : undefined;
  if (data && party && filledFor !== keyOf(party)) {
    setFilledFor(keyOf(party));
    if (!party.nome && data.destinatario)
      setParty({ ...party, nome: data.destinatario.ragioneSociale });
    // the destination follows the party; what was typed of the transport stays
    setTrasporto((t) => {
      const base = t ?? nuovoTrasporto(null);
      return {
        ...base,
        ...addressOf(data.destinatario),
        // the sender's seat, unless a place of departure was already typed
        ...(base.partenzaIndirizzo ? {} : partenzaOf(data.luogoPartenza)),
      };
    });
    setTicked(
      initial.party && keyOf(initial.party) === keyOf(party)
        ? preTickedListed(data, initial.preTicked)
        : new Map(),
    );
  }

  const righe = righeScelte(data, ticked);
  const errors = trasporto ? trasportoErrors(trasporto) : {};
  const pezziWrong = righe.some(
    (r) =>
      r.entityType === 'lotto' &&
      pezziError(
        ticked.get(tickKey('lotto', r._id))?.pezzi ?? r.pezzi,
        data?.lotti.find((l) => l._id === r._id)?.pezzi ?? 0,
      ),
  );

  const toggle = (tipo: DdtRigaTipo, id: string, on: boolean) => {
    setPreviewing(false);
    setTicked((prev) => {
      const next = new Map(prev);
      if (on) next.set(tickKey(tipo, id), { tipo, id });
      else next.delete(tickKey(tipo, id));
      return next;
    });
  };
  const setPezzi = (id: string, pezzi: number | null) =>
    setTicked((prev) =>
      new Map(prev).set(tickKey('lotto', id), {
        tipo: 'lotto',
        id,
        pezzi: pezzi ?? 0,
      } satisfies Tick),
    );
  const all = (on: boolean) => {
    setPreviewing(false);
    if (!on || !data) return setTicked(new Map());
    setTicked(
      new Map(
        [...data.blocchi, ...data.pacchi, ...data.lastre, ...data.lotti].map((e) => [
          tickKey(e.entityType, e._id),
          { tipo: e.entityType, id: e._id },
        ]),
      ),
    );
  };

  /** The preview, once everything is there and right. */
  const preview = () => {
    setShowErrors(true);
    if (righe.length === 0)
      return notify({
        severity: 'warn',
        summary: 'Nulla da spedire',
        detail: 'Scegli almeno un elemento da spedire',
      });
    if (pezziWrong || Object.keys(errors).length > 0)
      return notify({
        severity: 'warn',
        summary: 'Dati da completare',
        detail: 'Controlla i campi segnati',
      });
    setPreviewing(true);
  };

  const run = async (what: 'emetti' | 'bozza') => {
    if (!party || !trasporto) return;
    setBusy(what);
    try {
      const saved = await save.mutateAsync({
        id: savedId,
        body: ddtBody(party, ticked, trasporto),
      });
      setSavedId(saved._id);
      if (what === 'bozza') {
        notify({
          severity: 'success',
          summary: 'Bozza salvata',
          detail: `DDT per ${saved.destinatario.ragioneSociale}`,
        });
      } else {
        const emitted = await emetti.mutateAsync(saved._id);
        notify({
          severity: 'success',
          summary: `DDT ${emitted.numeroDocumento ?? ''} emesso`,
          detail: 'Il PDF viene scaricato',
        });
        await downloadDocumento(emitted).catch((error: unknown) =>
          notify({
            severity: 'error',
            summary: 'PDF non scaricato',
            detail: error instanceof Error ? error.message : undefined,
          }),
        );
      }
      if (onSaved) onSaved(saved);
      else void navigate(detailPath('ddt', saved._id), { replace: true });
    } catch (error) {
      notify({
        severity: 'error',
        summary: what === 'emetti' ? 'DDT non emesso' : 'Bozza non salvata',
        detail: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(null);
    }
  };

  return {
    causale,
    setCausale: (c: DdtCausale) => {
      setCausale(c);
      setParty(null);
      setPreviewing(false);
    },
    party,
    setParty: (p: Party | null) => {
      setParty(p);
      setPreviewing(false);
    },
    da,
    data,
    ticked,
    toggle,
    setPezzi,
    all,
    righe,
    trasporto,
    setTrasporto: (patch: Partial<Trasporto>) => {
      setPreviewing(false);
      setTrasporto((t) => (t ? { ...t, ...patch } : t));
    },
    errors: showErrors ? errors : {},
    previewing,
    preview,
    back: () => setPreviewing(false),
    emetti: () => void run('emetti'),
    salvaBozza: () => void run('bozza'),
    busy,
  };
}
