import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { SCELTA_LABELS, SCELTE, stockItemUpdateSchema, type PaccoDetail, type StockItemUpdateInput } from '@gestcava/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { LongTextArea } from '@/components/form/long-text-area';
import { NumberInput } from '@/components/form/number-input';
import { RiservaDialog, SpostaDialog, VendiDialog } from '@/components/stock/stock-dialogs';
import { notify } from '@/lib/toast';
import { useLastreSelectionOperation, usePaccoOperation, useUpdatePacco, type PaccoOp } from '../api/operations';

const DONE: Record<PaccoOp, string> = { riserva: 'riservate', rilascia: 'rilasciate', vendi: 'vendute', sposta: 'spostate' };
const lastreWord = (n: number) => (n === 1 ? '1 lastra' : `${n} lastre`);

/**
 * A bundle's operations: on its slabs free at that moment (the answer says how many), or on the
 * slabs chosen in its table; and the edit of its list price, scelta and note.
 */
export function PaccoActions({ pacco: p, selected, onDone }: { pacco: PaccoDetail; selected: Array<{ _id: string; codice: string }>; onDone: () => void }) {
  const [open, setOpen] = useState<PaccoOp | 'modifica' | null>(null);
  const bundle = usePaccoOperation(p._id);
  const close = () => setOpen(null);
  const reserved = p.lastre.some((l) => l.stato === 'riservata');
  const what = `le lastre libere del pacco ${p.codice}`;

  if (selected.length > 0) return <LastreSelectionActions lastre={selected} onDone={onDone} />;

  const run = (op: PaccoOp) => async (body: object) => {
    const { lastre } = await bundle.mutateAsync({ op, body });
    close();
    notify({ severity: 'success', summary: `${lastreWord(lastre)} ${done(op, lastre)}`, detail: `Pacco ${p.codice}` });
  };

  return (
    <>
      <div className="flex flex-wrap gap-2 align-items-center" data-testid="pacco-actions">
        {p.nLastre > 0 && (
          <>
            <Button type="button" label="Riserva" icon="pi pi-bookmark" onClick={() => setOpen('riserva')} data-testid="pacco-riserva" />
            <Button type="button" label="Vendi" icon="pi pi-shopping-cart" onClick={() => setOpen('vendi')} data-testid="pacco-vendi" />
            {reserved && <Button type="button" label="Rilascia" icon="pi pi-bookmark-fill" outlined onClick={() => setOpen('rilascia')} data-testid="pacco-rilascia" />}
            <Button type="button" label="Sposta" icon="pi pi-map-marker" outlined onClick={() => setOpen('sposta')} data-testid="pacco-sposta" />
          </>
        )}
        <Button type="button" label="Modifica" icon="pi pi-pencil" outlined onClick={() => setOpen('modifica')} data-testid="pacco-modifica" />
      </div>
      {open === 'riserva' && <RiservaDialog title={`Riserva ${what}`} onSave={run('riserva')} onClose={close} />}
      {open === 'vendi' && <VendiDialog title={`Vendi ${what}`} note="Si vendono le lastre libere e quelle riservate a questo cliente; le altre restano." onSave={run('vendi')} onClose={close} />}
      {open === 'sposta' && <SpostaDialog title={`Sposta ${what}`} current={p.ubicazione?.nome} onSave={run('sposta')} onClose={close} />}
      <ConfirmDialog
        visible={open === 'rilascia'}
        title={`Rilasciare le lastre riservate del pacco ${p.codice}?`}
        confirmLabel="Rilascia"
        loading={bundle.isPending}
        onConfirm={() =>
          void run('rilascia')({}).catch((error: unknown) => {
            close();
            notify({ severity: 'error', summary: 'Rilascio non riuscito', detail: error instanceof Error ? error.message : undefined });
          })
        }
        onCancel={close}
        testId="confirm-pacco-rilascia"
      >
        <p className="m-0">Le lastre riservate tornano disponibili per tutti.</p>
      </ConfirmDialog>
      {open === 'modifica' && <PaccoEditDialog pacco={p} onClose={close} />}
    </>
  );
}

/** The same operation on each slab ticked (in a bundle's table or the slabs' list): one request each, then a summary. */
export function LastreSelectionActions({ lastre, onDone, showCount = true }: { lastre: Array<{ _id: string; codice: string }>; onDone: () => void; showCount?: boolean }) {
  const [open, setOpen] = useState<PaccoOp | null>(null);
  const selection = useLastreSelectionOperation();
  const close = () => setOpen(null);
  const what = lastreWord(lastre.length);
  const run = (op: PaccoOp) => async (body: object) => {
    const result = await selection.mutateAsync({ op, body, lastre });
    close();
    onDone();
    if (result.done.length) notify({ severity: 'success', summary: `${lastreWord(result.done.length)} ${done(op, result.done.length)}`, detail: result.done.join(', ') });
    if (result.failed.length) notify({ severity: 'warn', summary: `Non ${DONE[op]}: ${lastreWord(result.failed.length)}`, detail: result.failed.map((f) => `${f.codice}: ${f.message}`).join('\n'), life: 12_000 });
  };
  return (
    <>
      <div className="flex flex-wrap gap-2 align-items-center" data-testid="pacco-actions">
        {showCount && <strong className="mr-2">Selezionate: {what}</strong>}
        <Button type="button" label="Riserva" icon="pi pi-bookmark" onClick={() => setOpen('riserva')} data-testid="selezione-riserva" />
        <Button type="button" label="Vendi" icon="pi pi-shopping-cart" onClick={() => setOpen('vendi')} data-testid="selezione-vendi" />
        <Button type="button" label="Rilascia" icon="pi pi-bookmark-fill" outlined onClick={() => setOpen('rilascia')} data-testid="selezione-rilascia" />
        <Button type="button" label="Sposta" icon="pi pi-map-marker" outlined onClick={() => setOpen('sposta')} data-testid="selezione-sposta" />
      </div>
      {open === 'riserva' && <RiservaDialog title={`Riserva ${what}`} onSave={run('riserva')} onClose={close} />}
      {open === 'vendi' && <VendiDialog title={`Vendi ${what}`} onSave={run('vendi')} onClose={close} />}
      {open === 'sposta' && <SpostaDialog title={`Sposta ${what}`} onSave={run('sposta')} onClose={close} />}
      <ConfirmDialog
        visible={open === 'rilascia'}
        title={`Rilasciare ${what}?`}
        confirmLabel="Rilascia"
        loading={selection.isPending}
        onConfirm={() => void run('rilascia')({})}
        onCancel={close}
        testId="confirm-selezione-rilascia"
      >
        <p className="m-0">Le lastre riservate tornano disponibili per tutti.</p>
      </ConfirmDialog>
    </>
  );
}

const done = (op: PaccoOp, n: number) => (n === 1 ? DONE[op].replace(/e$/, 'a') : DONE[op]);

/** A bundle's list price (€/m², the giacenze's value), scelta (its slabs in stock follow) and note. */
function PaccoEditDialog({ pacco: p, onClose }: { pacco: PaccoDetail; onClose: () => void }) {
  const update = useUpdatePacco(p._id);
  const form = useForm<StockItemUpdateInput, unknown, StockItemUpdateInput>({
    resolver: zodResolver(stockItemUpdateSchema) as unknown as Resolver<StockItemUpdateInput, unknown, StockItemUpdateInput>,
    defaultValues: { prezzoListino: p.prezzoListino, scelta: p.scelta, note: p.note },
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  return (
    <FormDialog
      name="pacco-modifica"
      title={`Modifica ${p.codice}`}
      form={form}
      fieldNames={['prezzoListino', 'scelta', 'note']}
      onSave={async (body) => {
        await update.mutateAsync(body);
        onClose();
        notify({ severity: 'success', summary: 'Modifiche salvate', detail: p.codice });
      }}
      onClose={onClose}
      width="32rem"
    >
      <div className="formgrid grid">
        <FormField id="pacco-prezzo" label="Prezzo di listino (€/m²)" error={errors.prezzoListino?.message} className="col-12 sm:col-6">
          <Controller
            control={form.control}
            name="prezzoListino"
            render={({ field }) => <NumberInput id="pacco-prezzo" unit="€/m²" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.prezzoListino?.message} testId="pacco-prezzo" />}
          />
        </FormField>
        <FormField id="pacco-scelta" label="Scelta" required className="col-12 sm:col-6" hint="Anche le lastre in giacenza">
          <Controller
            control={form.control}
            name="scelta"
            render={({ field }) => <Dropdown inputId="pacco-scelta" value={field.value} options={SCELTE.map((s) => ({ value: s, label: SCELTA_LABELS[s] }))} onChange={(e) => field.onChange(e.value)} className="w-full" pt={dropdownPt('pacco-scelta')} />}
          />
        </FormField>
        <FormField id="pacco-note" label="Note" error={errors.note?.message} className="col-12">
          <LongTextArea control={form.control} name="note" id="pacco-note" max={1000} rows={2} error={errors.note?.message} />
        </FormField>
      </div>
    </FormDialog>
  );
}
