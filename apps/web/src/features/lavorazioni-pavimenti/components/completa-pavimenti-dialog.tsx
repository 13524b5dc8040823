import { Controller, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDialogForm } from '@/components/form/use-dialog-form';
import type { z } from 'zod';
import {
  lavorazionePavimentiCompletaSchema,
  type LavorazionePavimenti,
  type LavorazionePavimentiCompleta,
} from '@gestcava/contracts';
import { ComputedValues } from '@/components/form/computed-values';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { LookupField } from '@/components/form/lookup-field';
import { NumberInput } from '@/components/form/number-input';
import { formatArea, formatInteger } from '@/lib/format';
import { useCompletaLavorazionePavimenti } from '../api/lavorazioni-pavimenti';
import { completaPreview } from './completa-preview';

type FormInput = z.input<typeof lavorazionePavimentiCompletaSchema>;
const FIELD_NAMES = ['pezzi', 'pezziPerCassa', 'ubicazioneId'];

/**
 * Completing a tile cut: pieces, pieces per box and where the lot goes; the m² and the boxes it will
 * load show as they are typed, with the most pieces the source can give (the server refuses more) and
 * the waste it will compute. One transaction on the server: the lot and its carico.
 */
export function CompletaPavimentiDialog({
  lavorazione: lav,
  onClose,
  onDone,
}: {
  lavorazione: LavorazionePavimenti;
  onClose: () => void;
  onDone: (saved: LavorazionePavimenti) => void;
}) {
  const completa = useCompletaLavorazionePavimenti(lav._id);
  const form = useDialogForm<FormInput, LavorazionePavimentiCompleta>(
    zodResolver(lavorazionePavimentiCompletaSchema),
    {},
  );
  const {
    control,
    formState: { errors },
  } = form;
  const [pezzi, pezziPerCassa] = useWatch({ control, name: ['pezzi', 'pezziPerCassa'] });
  const { mq, boxes, lastBox } = completaPreview(lav, pezzi, pezziPerCassa);
  const err = (name: keyof FormInput) => errors[name]?.message;
  const fid = (name: string) => `completa-pavimenti-${name}`;

  return (
    <FormDialog
      name="completa-pavimenti"
      title={`Completa ${lav.codice}: carica il lotto`}
      form={form}
      fieldNames={FIELD_NAMES}
      onSave={async (values) => onDone(await completa.mutateAsync(values))}
      onClose={onClose}
      pending={completa.isPending}
      width="36rem"
    >
      <div className="formgrid grid">
        <FormField
          id={fid('pezzi')}
          label="Pezzi prodotti"
          required
          error={err('pezzi')}
          hint={`Al massimo ${formatInteger(lav.pezziMassimi)}: quanti ne entrano nel materiale`}
        >
          <Controller
            control={control}
            name="pezzi"
            render={({ field }) => (
              <NumberInput
                id={fid('pezzi')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                decimals={0}
                error={err('pezzi')}
                testId="completa-pavimenti-pezzi"
              />
            )}
          />
        </FormField>
        <FormField
          id={fid('pezziPerCassa')}
          label="Pezzi per cassa"
          required
          error={err('pezziPerCassa')}
        >
          <Controller
            control={control}
            name="pezziPerCassa"
            render={({ field }) => (
              <NumberInput
                id={fid('pezziPerCassa')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                decimals={0}
                error={err('pezziPerCassa')}
                testId="completa-pavimenti-per-cassa"
              />
            )}
          />
        </FormField>
        <LookupField
          control={control}
          name="ubicazioneId"
          kind="ubicazioni"
          id={fid('ubicazioneId')}
          label="Ubicazione del lotto"
          required
          error={err('ubicazioneId')}
          testId="completa-pavimenti-ubicazione"
        />
        <div className="col-12">
          <ComputedValues
            label="Il lotto che sarà caricato"
            testId="completa-pavimenti-preview"
            items={[
              {
                key: 'mq',
                label: `m² (${lav.lunghezzaMm}×${lav.larghezzaMm} mm)`,
                value: mq !== null ? formatArea(mq) : null,
              },
              { key: 'casse', label: 'Casse', value: boxes !== null ? formatInteger(boxes) : null },
              {
                key: 'ultima',
                label: 'Ultima cassa',
                value:
                  boxes === null
                    ? null
                    : lastBox !== null
                      ? `l'ultima cassa contiene ${formatInteger(lastBox)} pezzi`
                      : 'tutte piene',
              },
            ]}
          />
        </div>
      </div>
    </FormDialog>
  );
}
