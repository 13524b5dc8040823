import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { totaliCollaudo, type Collaudo, type CollaudoRiga } from '@gestcava/contracts';
import { isApiError } from '@/lib/api';
import { wasQueued } from '@/lib/offline/use-queueable';
import { notify } from '@/lib/toast';
import { collaudiKeys, useUpdateRiga } from '../api/collaudi';
import {
  checkChanges,
  draftOf,
  isDirty,
  previewOf,
  rebase,
  rigaChanges,
  type RigaDraft,
} from './riga-model';
import type { RigaStatus } from './riga-foot';

interface Drafts {
  righe: readonly CollaudoRiga[];
  drafts: ReadonlyMap<string, RigaDraft>;
}

const initial = (righe: readonly CollaudoRiga[]): Drafts => ({
  righe,
  drafts: new Map(righe.map((r) => [r._id, draftOf(r)])),
});

/**
 * The rows being filled in: a draft per row kept across saves (a stored row that comes back
 * replaces only the fields not being edited), each save the changed fields only, one at a time in
 * the order they were made, and the live totals of what is on screen.
 */
export function useRigheEditor(collaudo: Collaudo) {
  const queryClient = useQueryClient();
  const update = useUpdateRiga(collaudo);
  const [state, setState] = useState(() => initial(collaudo.righe));
  if (state.righe !== collaudo.righe) {
    const before = new Map(state.righe.map((r) => [r._id, r]));
    const drafts = new Map<string, RigaDraft>();
    for (const r of collaudo.righe) {
      const old = before.get(r._id);
      const d = state.drafts.get(r._id);
      drafts.set(r._id, old && d ? rebase(d, old, r) : draftOf(r));
    }
    setState({ righe: collaudo.righe, drafts });
  }
  const [saving, setSaving] = useState<ReadonlyMap<string, number>>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  // the drafts kept on the device while offline, until the stored row catches up
  const [queued, setQueued] = useState<ReadonlyMap<string, RigaDraft>>(new Map());
  // the saves go one after the other, so the last one made is the last one stored
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const draftFor = (r: CollaudoRiga) => state.drafts.get(r._id) ?? draftOf(r);
  const setError = (rigaId: string, message: string | null) =>
    setErrors((m) => {
      if (message === null && !m.has(rigaId)) return m;
      const next = new Map(m);
      if (message === null) next.delete(rigaId);
      else next.set(rigaId, message);
      return next;
    });
  const countSaving = (rigaId: string, delta: number) =>
    setSaving((m) => {
      const next = new Map(m);
      const n = (m.get(rigaId) ?? 0) + delta;
      if (n > 0) next.set(rigaId, n);
      else next.delete(rigaId);
      return next;
    });

  const setDraft = (rigaId: string, draft: RigaDraft) =>
    setState((s) => ({ ...s, drafts: new Map(s.drafts).set(rigaId, draft) }));

  /** Saves what differs from the stored row; false when it could not (the card says why). */
  const commit = (riga: CollaudoRiga, draft: RigaDraft): Promise<boolean> => {
    const changes = rigaChanges(draft, riga);
    if (Object.keys(changes).length === 0) {
      setError(riga._id, null);
      return Promise.resolve(true);
    }
    const checked = checkChanges(changes);
    if (!checked.ok) {
      setError(riga._id, checked.message);
      return Promise.resolve(false);
    }
    countSaving(riga._id, 1);
    // the row as the last save left it: its updatedAt is this save's If-Match (an earlier save in the chain moved it on)
    const latest = () =>
      queryClient
        .getQueryData<Collaudo>(collaudiKeys.detail(collaudo._id))
        ?.righe.find((r) => r._id === riga._id) ?? riga;
    const run = chain.current.then(() =>
      update.mutateAsync({ riga: latest(), body: checked.body }).then(
        (result) => {
          if (wasQueued(result)) setQueued((m) => new Map(m).set(riga._id, draft));
          setError(riga._id, null);
          return true;
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : 'Salvataggio non riuscito';
          setError(riga._id, message);
          if (isApiError(error) && error.status === 409) {
            notify({
              severity: 'error',
              summary: `${riga.blocco.codice}: non salvato`,
              detail: message,
            });
            void queryClient.invalidateQueries({ queryKey: collaudiKeys.detail(collaudo._id) });
          }
          return false;
        },
      ),
    );
    chain.current = run.finally(() => countSaving(riga._id, -1));
    return run;
  };

  const statusOf = (r: CollaudoRiga): RigaStatus => {
    if (saving.has(r._id)) return { kind: 'saving' };
    const error = errors.get(r._id);
    if (error) return { kind: 'error', message: error };
    const draft = draftFor(r);
    if (!isDirty(draft, r)) return { kind: 'saved' };
    return queued.get(r._id) === draft ? { kind: 'queued' } : { kind: 'dirty' };
  };

  const totali = totaliCollaudo(
    collaudo.righe.map((r) => {
      const d = draftFor(r);
      return { esito: d.esito, ...previewOf(r, d) };
    }),
  );

  return {
    draftFor,
    setDraft,
    commit,
    statusOf,
    totali,
    /** saves every row's changes and waits for them: the codes of the rows that could not be saved */
    saveAll: async (): Promise<string[]> => {
      const results = await Promise.all(
        collaudo.righe.map((r) =>
          commit(r, draftFor(r)).then((ok) => (ok ? null : r.blocco.codice)),
        ),
      );
      await chain.current;
      return results.filter((c): c is string => c !== null);
    },
  };
}
