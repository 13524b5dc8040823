import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  BloccoCollaudabile,
  Collaudo,
  CollaudoRiga,
  CollaudoTotali,
} from '@gestcava/contracts';
import { isApiError } from '@/lib/api';
import { formatEuroCents, formatInteger, formatVolume, formatWeight } from '@/lib/format';
import { notify } from '@/lib/toast';
import { collaudiKeys, useAddRiga, useRemoveRiga } from '../api/collaudi';
import { AggiungiBlocco } from './aggiungi-blocco';
import { RigaCard } from './riga-card';
import { RigaView } from './riga-view';
import type { useRigheEditor } from './use-righe-editor';

/**
 * The blocks of the collaudo, one card each: editable while it is programmato or in corso and the
 * user may write (add by code, measure, judge, price, remove), read-only otherwise.
 */
export function CollaudoRighe({
  collaudo: c,
  editable,
  editor,
  blockPhoto,
}: {
  collaudo: Collaudo;
  editable: boolean;
  editor: ReturnType<typeof useRigheEditor>;
  blockPhoto?: (riga: CollaudoRiga) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const add = useAddRiga(c._id);
  const remove = useRemoveRiga(c._id);
  const onConflict = (error: unknown) => {
    if (isApiError(error) && error.status === 409)
      void queryClient.invalidateQueries({ queryKey: collaudiKeys.all });
  };

  const onAdd = async (b: BloccoCollaudabile) => {
    try {
      // the new card and the emptied field say it: no toast per block over the page
      await add.mutateAsync(b._id);
      return true;
    } catch (error) {
      notify({
        severity: 'error',
        summary: `${b.codice} non aggiunto`,
        detail: error instanceof Error ? error.message : undefined,
      });
      onConflict(error);
      return false;
    }
  };
  const onRemove = (r: CollaudoRiga) =>
    remove.mutate(r._id, {
      onSuccess: () =>
        notify({
          severity: 'success',
          summary: 'Blocco tolto dal collaudo',
          detail: r.blocco.codice,
        }),
      onError: (error) => {
        notify({
          severity: 'error',
          summary: `${r.blocco.codice} non tolto`,
          detail: error.message,
        });
        onConflict(error);
      },
    });

  return (
    <section className="collaudo-righe" aria-labelledby="collaudo-righe-title">
      <div className="card collaudo-righe-head">
        <h2 id="collaudo-righe-title" className="card-title m-0">
          <i className="pi pi-box mr-2" aria-hidden="true" />
          Blocchi{c.righe.length > 0 ? ` (${c.righe.length})` : ''}
        </h2>
        {editable && <AggiungiBlocco collaudoId={c._id} onAdd={onAdd} adding={add.isPending} />}
      </div>
      {c.righe.length === 0 ? (
        <div className="card collaudo-righe-empty" data-testid="righe-empty">
          <i className="pi pi-box" aria-hidden="true" />
          <p className="m-0">
            {editable
              ? 'Nessun blocco: scrivi il codice di un blocco o aprilo dall’elenco per aggiungerlo.'
              : 'Nessun blocco in questo collaudo.'}
          </p>
        </div>
      ) : (
        c.righe.map((r, i) =>
          editable ? (
            <RigaCard
              key={r._id}
              riga={r}
              index={i}
              draft={editor.draftFor(r)}
              status={editor.statusOf(r)}
              onChange={(next, commit) => {
                editor.setDraft(r._id, next);
                if (commit) void editor.commit(r, next);
              }}
              onCommit={(d) => void editor.commit(r, d)}
              onRemove={() => onRemove(r)}
              removing={remove.isPending && remove.variables === r._id}
              photo={blockPhoto?.(r)}
            />
          ) : (
            <RigaView key={r._id} riga={r} index={i} photo={blockPhoto?.(r)} />
          ),
        )
      )}
    </section>
  );
}

/** The totals of the accepted blocks, always in sight at the bottom of the screen. */
export function CollaudoTotaliBar({ totali: t, live }: { totali: CollaudoTotali; live: boolean }) {
  return (
    <div
      className="collaudo-totali"
      role="region"
      aria-label={
        live ? 'Totali dei blocchi accettati, come scritti' : 'Totali dei blocchi accettati'
      }
      data-testid="collaudo-totali"
    >
      <dl>
        <div>
          <dt>Accettati</dt>
          <dd data-testid="totali-blocchi">{formatInteger(t.blocchiAccettati)}</dd>
        </div>
        <div>
          <dt>m³ netti</dt>
          <dd data-testid="totali-volume">{formatVolume(t.volumeNetto)}</dd>
        </div>
        <div>
          <dt>Peso</dt>
          <dd data-testid="totali-peso">{formatWeight(t.peso)}</dd>
        </div>
        <div>
          <dt>Importo</dt>
          <dd data-testid="totali-importo">{formatEuroCents(t.importo)}</dd>
        </div>
      </dl>
    </div>
  );
}
