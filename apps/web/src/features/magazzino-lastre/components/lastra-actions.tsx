import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import {
  DIFETTI,
  DIFETTO_LABELS,
  lastraUpdateSchema,
  SCELTA_LABELS,
  SCELTE,
  type Lastra,
  type LastraUpdateInput,
} from '@gestcava/contracts';
import { CreaDdtButton } from '@/components/stock/crea-ddt';
import { RilasciaConfirm } from '@/components/stock/rilascia-confirm';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { RiservaDialog } from '@/components/stock/riserva-dialog';
import { SpostaDialog } from '@/components/stock/sposta-dialog';
import { TextOperationDialog } from '@/components/stock/text-operation-dialog';
import { VendiDialog } from '@/components/stock/vendi-dialog';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useLastraOperation, useUpdateLastra, type LastraOp } from '../api/magazzino-lastre';
import { LASTRA_ACTIONS, type Action } from './lastra-moves';

const BUTTONS: Record<Action, { label: string; icon: string; look?: 'outlined' | 'danger' }> = {
  riserva: { label: 'Riserva', icon: 'pi pi-bookmark' },
  rilascia: { label: 'Rilascia', icon: 'pi pi-bookmark-fill', look: 'outlined' },
  vendi: { label: 'Vendi', icon: 'pi pi-shopping-cart' },
  sposta: { label: 'Sposta', icon: 'pi pi-map-marker', look: 'outlined' },
  rotta: { label: 'Rotta', icon: 'pi pi-times-circle', look: 'danger' },
  scelta: { label: 'Cambia scelta', icon: 'pi pi-star', look: 'outlined' },
};

const DONE: Record<LastraOp, string> = {
  riserva: 'Lastra riservata',
  rilascia: 'Riserva rilasciata',
  vendi: 'Lastra venduta',
  rotta: 'Lastra segnata come rotta',
  sposta: 'Lastra spostata',
};

/** The slab's operations by its state; each opens its dialog, the answer refreshes every stock view. */
export function LastraActions({ lastra: l }: { lastra: Lastra }) {
  const [open, setOpen] = useState<Action | null>(null);
  const operation = useLastraOperation(l._id);
  const close = () => setOpen(null);
  const run = (op: LastraOp) => async (body: object) => {
    await operation.mutateAsync({ op, body });
    close();
    notify({ severity: 'success', summary: DONE[op], detail: l.codice });
  };
  const actions = LASTRA_ACTIONS[l.stato];
  // sold: it leaves with a DDT (the offer right after the sale, and the button while it waits). Its
  // bundle is named too: when every slab of it is sold to this cliente the bundle travels as one collo
  // and da-spedire lists the bundle, not the slab; the new DDT ticks whichever of the two it lists.
  if (l.stato === 'venduta' && l.cliente)
    return (
      <CreaDdtButton
        party={{ clienteId: l.cliente._id }}
        items={{ lastre: [l._id], pacchi: [l.pacco._id] }}
      />
    );
  if (actions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="lastra-actions">
      {actions.map((a) => (
        <Button
          key={a}
          type="button"
          label={BUTTONS[a].label}
          icon={BUTTONS[a].icon}
          outlined={BUTTONS[a].look === 'outlined' || BUTTONS[a].look === 'danger'}
          severity={BUTTONS[a].look === 'danger' ? 'danger' : undefined}
          onClick={() => setOpen(a)}
          data-testid={`lastra-${a}`}
        />
      ))}
      {open === 'riserva' && (
        <RiservaDialog title={`Riserva ${l.codice}`} onSave={run('riserva')} onClose={close} />
      )}
      {open === 'vendi' && (
        <VendiDialog
          title={`Vendi ${l.codice}`}
          cliente={l.stato === 'riservata' ? l.cliente : null}
          note={
            l.stato === 'riservata' && l.cliente && l.scadenzaRiserva
              ? `Riservata a ${l.cliente.ragioneSociale} fino al ${formatDate(l.scadenzaRiserva)}: si vende solo a questo cliente.`
              : undefined
          }
          onSave={run('vendi')}
          onClose={close}
        />
      )}
      {open === 'sposta' && (
        <SpostaDialog
          title={`Sposta ${l.codice}`}
          current={l.ubicazione?.nome}
          onSave={run('sposta')}
          onClose={close}
        />
      )}
      {open === 'rotta' && (
        <TextOperationDialog
          title={`Lastra rotta: ${l.codice}`}
          onSave={run('rotta')}
          onClose={close}
        />
      )}
      <RilasciaConfirm
        visible={open === 'rilascia'}
        title={`Rilasciare ${l.codice}?`}
        text={`La lastra torna disponibile per tutti${l.cliente ? `, non più riservata a ${l.cliente.ragioneSociale}` : ''}.`}
        loading={operation.isPending}
        onRilascia={() => run('rilascia')({})}
        onClose={close}
        testId="confirm-rilascia"
      />
      {open === 'scelta' && <SceltaDialog lastra={l} onClose={close} />}
    </div>
  );
}

/** Re-grading one slab of a bundle: its scelta and the defects found. */
function SceltaDialog({ lastra: l, onClose }: { lastra: Lastra; onClose: () => void }) {
  const update = useUpdateLastra(l._id);
  const form = useForm<LastraUpdateInput, unknown, LastraUpdateInput>({
    resolver: zodResolver(lastraUpdateSchema) as unknown as Resolver<
      LastraUpdateInput,
      unknown,
      LastraUpdateInput
    >,
    defaultValues: { scelta: l.scelta, difetti: l.difetti },
    shouldFocusError: false,
  });
  return (
    <FormDialog
      name="lastra-scelta"
      title={`Scelta di ${l.codice}`}
      form={form}
      fieldNames={['scelta', 'difetti']}
      onSave={async (body) => {
        await update.mutateAsync(body);
        onClose();
        notify({
          severity: 'success',
          summary: 'Scelta aggiornata',
          detail: `${l.codice}: ${SCELTA_LABELS[body.scelta]}`,
        });
      }}
      onClose={onClose}
      width="30rem"
    >
      <div className="formgrid grid">
        <FormField id="lastra-scelta" label="Scelta" required className="col-12">
          <Controller
            control={form.control}
            name="scelta"
            render={({ field }) => (
              <Dropdown
                inputId="lastra-scelta"
                value={field.value}
                options={SCELTE.map((s) => ({ value: s, label: SCELTA_LABELS[s] }))}
                onChange={(e) => field.onChange(e.value)}
                className="w-full"
                pt={dropdownPt('Scelta')}
              />
            )}
          />
        </FormField>
        <FormField id="lastra-difetti" label="Difetti" className="col-12">
          <Controller
            control={form.control}
            name="difetti"
            render={({ field }) => (
              <MultiSelect
                inputId="lastra-difetti"
                value={field.value ?? []}
                options={DIFETTI.map((d) => ({ value: d, label: DIFETTO_LABELS[d] }))}
                onChange={(e) => field.onChange(e.value)}
                display="chip"
                className="w-full"
                placeholder="Nessuno"
              />
            )}
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
