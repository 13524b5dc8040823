import { riservaLastraSchema, riservaLottoSchema } from '@gestcava/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { todayIso } from '@/lib/iso-date';
import type { LottoQuantita } from './lotto-quantita';
import { ClienteField, QuantityField, ScadenzaField } from './operation-fields';
import { useOperationForm, type OperationProps } from './operation-form';

/** Riserva a slab, a bundle's free slabs or (with `lotto`) part of a tile lot, for a cliente until a day. */
export function RiservaDialog<V>({
  title,
  lotto,
  onSave,
  onClose,
}: OperationProps<V> & { lotto?: LottoQuantita }) {
  const form = useOperationForm<V>(lotto ? riservaLottoSchema : riservaLastraSchema, {
    scadenza: todayIso(7),
  });
  return (
    <FormDialog
      name="riserva"
      title={title}
      form={form}
      fieldNames={['clienteId', 'scadenza', 'pezzi', 'casse', 'mq']}
      onSave={onSave}
      onClose={onClose}
      width="34rem"
      saveLabel="Riserva"
      saveIcon="pi pi-bookmark"
    >
      <div className="formgrid grid">
        {lotto && <QuantityField form={form} lotto={lotto} name="riserva" />}
        <ClienteField form={form} name="riserva" />
        <ScadenzaField form={form} name="riserva" />
      </div>
    </FormDialog>
  );
}
