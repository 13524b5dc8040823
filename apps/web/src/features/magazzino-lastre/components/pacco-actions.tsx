import { useState } from 'react';
import { Button } from 'primereact/button';
import type { PaccoDetail } from '@gestcava/contracts';
import { CreaDdtButton } from '@/components/stock/crea-ddt';
import { clientiDaSpedire, lastreDaSpedire } from '@/components/stock/nuovo-ddt-path';
import { StockItemEditDialog } from '@/components/stock/stock-item-edit-dialog';
import { RilasciaConfirm } from '@/components/stock/rilascia-confirm';
import { RiservaDialog } from '@/components/stock/riserva-dialog';
import { SpostaDialog } from '@/components/stock/sposta-dialog';
import { VendiDialog } from '@/components/stock/vendi-dialog';
import { notify } from '@/lib/toast';
import {
  useLastreSelectionOperation,
  usePaccoOperation,
  useUpdatePacco,
  type PaccoOp,
} from '../api/magazzino-lastre';

const DONE: Record<PaccoOp, string> = {
  riserva: 'riservate',
  rilascia: 'rilasciate',
  vendi: 'vendute',
  sposta: 'spostate',
};
const TORNANO_DISPONIBILI = 'Le lastre riservate tornano disponibili per tutti.';
const lastreWord = (n: number) => (n === 1 ? '1 lastra' : `${n} lastre`);

/**
 * A bundle's operations: on its slabs free at that moment (the answer says how many), or on the
 * slabs chosen in its table; the edit of its list price, scelta and note; «Crea DDT» for what is sold.
 */
export function PaccoActions({
  pacco: p,
  selected,
  onDone,
}: {
  pacco: PaccoDetail;
  selected: Array<{ _id: string; codice: string }>;
  onDone: () => void;
}) {
  const [open, setOpen] = useState<PaccoOp | 'modifica' | null>(null);
  const bundle = usePaccoOperation(p._id);
  const close = () => setOpen(null);
  const reserved = p.lastre.some((l) => l.stato === 'riservata');
  const what = `le lastre libere del pacco ${p.codice}`;
  // sold slabs leave with a DDT: one per cliente they are sold to
  const clienti = clientiDaSpedire(p.lastre);

  if (selected.length > 0) return <LastreSelectionActions lastre={selected} onDone={onDone} />;

  const run = (op: PaccoOp) => async (body: object) => {
    const { lastre } = await bundle.mutateAsync({ op, body });
    close();
    notify({
      severity: 'success',
      summary: `${lastreWord(lastre)} ${done(op, lastre)}`,
      detail: `Pacco ${p.codice}`,
    });
  };

  return (
    <>
      <div className="flex flex-wrap gap-2 align-items-center" data-testid="pacco-actions">
        {p.nLastre > 0 && (
          <>
            <Button
              type="button"
              label="Riserva"
              icon="pi pi-bookmark"
              onClick={() => setOpen('riserva')}
              data-testid="pacco-riserva"
            />
            <Button
              type="button"
              label="Vendi"
              icon="pi pi-shopping-cart"
              onClick={() => setOpen('vendi')}
              data-testid="pacco-vendi"
            />
            {reserved && (
              <Button
                type="button"
                label="Rilascia"
                icon="pi pi-bookmark-fill"
                outlined
                onClick={() => setOpen('rilascia')}
                data-testid="pacco-rilascia"
              />
            )}
            <Button
              type="button"
              label="Sposta"
              icon="pi pi-map-marker"
              outlined
              onClick={() => setOpen('sposta')}
              data-testid="pacco-sposta"
            />
          </>
        )}
        <Button
          type="button"
          label="Modifica"
          icon="pi pi-pencil"
          outlined
          onClick={() => setOpen('modifica')}
          data-testid="pacco-modifica"
        />
        {clienti.map((c) => (
          <CreaDdtButton
            key={c._id}
            party={{ clienteId: c._id }}
            items={lastreDaSpedire(p._id, p.lastre, c._id)}
            label={clienti.length > 1 ? `Crea DDT per ${c.ragioneSociale}` : undefined}
          />
        ))}
      </div>
      {open === 'riserva' && (
        <RiservaDialog title={`Riserva ${what}`} onSave={run('riserva')} onClose={close} />
      )}
      {open === 'vendi' && (
        <VendiDialog
          title={`Vendi ${what}`}
          note="Si vendono le lastre libere e quelle riservate a questo cliente; le altre restano."
          onSave={run('vendi')}
          onClose={close}
        />
      )}
      {open === 'sposta' && (
        <SpostaDialog
          title={`Sposta ${what}`}
          current={p.ubicazione?.nome}
          onSave={run('sposta')}
          onClose={close}
        />
      )}
      <RilasciaConfirm
        visible={open === 'rilascia'}
        title={`Rilasciare le lastre riservate del pacco ${p.codice}?`}
        text={TORNANO_DISPONIBILI}
        loading={bundle.isPending}
        onRilascia={() => run('rilascia')({})}
        onClose={close}
        testId="confirm-pacco-rilascia"
      />
      {open === 'modifica' && <PaccoEditDialog pacco={p} onClose={close} />}
    </>
  );
}

/** The same operation on each slab ticked (in a bundle's table or the slabs' list): one request each, then a summary. */
export function LastreSelectionActions({
  lastre,
  onDone,
  showCount = true,
}: {
  lastre: Array<{ _id: string; codice: string }>;
  onDone: () => void;
  showCount?: boolean;
}) {
  const [open, setOpen] = useState<PaccoOp | null>(null);
  const selection = useLastreSelectionOperation();
  const close = () => setOpen(null);
  const what = lastreWord(lastre.length);
  const run = (op: PaccoOp) => async (body: object) => {
    const result = await selection.mutateAsync({ op, body, lastre });
    close();
    onDone();
    if (result.done.length)
      notify({
        severity: 'success',
        summary: `${lastreWord(result.done.length)} ${done(op, result.done.length)}`,
        detail: result.done.join(', '),
      });
    if (result.failed.length)
      notify({
        severity: 'warn',
        summary: `Non ${DONE[op]}: ${lastreWord(result.failed.length)}`,
        detail: result.failed.map((f) => `${f.codice}: ${f.message}`).join('\n'),
        life: 12_000,
      });
  };
  return (
    <>
      <div className="flex flex-wrap gap-2 align-items-center" data-testid="pacco-actions">
        {showCount && <strong className="mr-2">Selezionate: {what}</strong>}
        <Button
          type="button"
          label="Riserva"
          icon="pi pi-bookmark"
          onClick={() => setOpen('riserva')}
          data-testid="selezione-riserva"
        />
        <Button
          type="button"
          label="Vendi"
          icon="pi pi-shopping-cart"
          onClick={() => setOpen('vendi')}
          data-testid="selezione-vendi"
        />
        <Button
          type="button"
          label="Rilascia"
          icon="pi pi-bookmark-fill"
          outlined
          onClick={() => setOpen('rilascia')}
          data-testid="selezione-rilascia"
        />
        <Button
          type="button"
          label="Sposta"
          icon="pi pi-map-marker"
          outlined
          onClick={() => setOpen('sposta')}
          data-testid="selezione-sposta"
        />
      </div>
      {open === 'riserva' && (
        <RiservaDialog title={`Riserva ${what}`} onSave={run('riserva')} onClose={close} />
      )}
      {open === 'vendi' && (
        <VendiDialog title={`Vendi ${what}`} onSave={run('vendi')} onClose={close} />
      )}
      {open === 'sposta' && (
        <SpostaDialog title={`Sposta ${what}`} onSave={run('sposta')} onClose={close} />
      )}
      <RilasciaConfirm
        visible={open === 'rilascia'}
        title={`Rilasciare ${what}?`}
        text={TORNANO_DISPONIBILI}
        loading={selection.isPending}
        onRilascia={() => run('rilascia')({})}
        onClose={close}
        testId="confirm-selezione-rilascia"
      />
    </>
  );
}

const done = (op: PaccoOp, n: number) => (n === 1 ? DONE[op].replace(/e$/, 'a') : DONE[op]);

function PaccoEditDialog({ pacco: p, onClose }: { pacco: PaccoDetail; onClose: () => void }) {
  const update = useUpdatePacco(p._id);
  return (
    <StockItemEditDialog
      name="pacco"
      codice={p.codice}
      values={{ prezzoListino: p.prezzoListino, scelta: p.scelta, note: p.note }}
      sceltaHint="Anche le lastre in giacenza"
      onSave={async (body) => {
        await update.mutateAsync(body);
        onClose();
        notify({ severity: 'success', summary: 'Modifiche salvate', detail: p.codice });
      }}
      onClose={onClose}
    />
  );
}
