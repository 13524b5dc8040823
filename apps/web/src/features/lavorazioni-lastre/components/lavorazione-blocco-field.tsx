import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import { InputText } from 'primereact/inputtext';
import type {
  BloccoSegabile,
  LavorazioneLastre,
  lavorazioneLastreCreateSchema,
} from '@gestcava/contracts';
import { BloccoPickerField } from '@/components/form/picker-fields';
import { FormField } from '@/components/form/form-field';
import { formatVolume } from '@/lib/format';
import { blocchiSegabiliQueryOptions } from '../api/lavorazioni-lastre';

type FormInput = z.input<typeof lavorazioneLastreCreateSchema>;
const fid = (name: string) => `lavorazione-${name}`;

/**
 * "Blocco da segare": a new plan finds a disponibile block by its code; a planned sawing keeps its
 * block (shown, not editable: another block is another sawing).
 */
export function LavorazioneBloccoField({
  control,
  lavorazione,
  blocco,
  onPick,
  error,
}: {
  control: Control<FormInput>;
  /** the planned sawing being edited */
  lavorazione: LavorazioneLastre | null | undefined;
  blocco: BloccoSegabile | null;
  onPick: (blocco: BloccoSegabile | null) => void;
  error: string | undefined;
}) {
  return (
    <>
      {lavorazione ? (
        <FormField
          id={fid('bloccoId')}
          label="Blocco da segare"
          className="col-12"
          hint={`${lavorazione.materiale.nome} · ${formatVolume(lavorazione.blocco.volumeNetto)} netti: per segarne un altro, annulla questa segagione`}
        >
          <InputText
            id={fid('bloccoId')}
            value={lavorazione.blocco.codice}
            readOnly
            className="w-full"
          />
        </FormField>
      ) : (
        <FormField
          id={fid('bloccoId')}
          label="Blocco da segare"
          required
          error={error}
          className="col-12"
          hint={
            blocco
              ? `${blocco.materiale.nome} · ${formatVolume(blocco.volumeNetto)} netti`
              : 'Solo i blocchi disponibili, propri e acquistati'
          }
        >
          <BloccoPickerField
            control={control}
            name="bloccoId"
            cleared=""
            onPick={onPick}
            choices={blocchiSegabiliQueryOptions}
            testId="lavorazione-blocco"
            id={fid('bloccoId')}
            value={blocco}
            error={error}
          />
        </FormField>
      )}
    </>
  );
}
