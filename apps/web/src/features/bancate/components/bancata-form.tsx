import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  bancataCreateSchema,
  pesoT,
  volumeM3,
  type Bancata,
  type BancataCreate,
  type BancataCreateInput,
} from '@gestcava/contracts';
import { useDialogForm } from '@/components/form/use-dialog-form';
import { FormField } from '@/components/form/form-field';
import { LongTextArea } from '@/components/form/long-text-area';
import { FormDialog } from '@/components/form/form-dialog';
import { todayIso } from '@/lib/iso-date';
import { useLookups } from '@/lib/lookups';
import { positive } from '@/lib/production-format';
import { useCreateBancata, useUpdateBancata } from '../api/bancate';
import { BancataProvenienzaFields } from './bancata-provenienza-fields';
import { BancataQuantitaFields } from './bancata-quantita-fields';

const FIELD_NAMES = Object.keys(bancataCreateSchema.shape);

function toFormValues(b: Bancata | null | undefined): BancataCreateInput {
  return {
    cavaId: b?.cava._id ?? '',
    fronte: b?.fronte ?? '',
    materialeId: b?.materiale._id ?? '',
    dataTaglio: b?.dataTaglio ?? todayIso(),
    dataRibaltamento: b?.dataRibaltamento ?? null,
    lunghezza: b?.lunghezza as number,
    altezza: b?.altezza as number,
    profondita: b?.profondita as number,
    metodoTaglio: b?.metodoTaglio ?? null,
    informiT: b?.informiT ?? null,
    scaglieT: b?.scaglieT ?? null,
    scaglieScureT: b?.scaglieScureT ?? null,
    scogliereT: b?.scogliereT ?? null,
    terreT: b?.terreT ?? null,
    note: b?.note ?? '',
  };
}

/**
 * A bancata, new or edited, in a dialog (docs/screens.md): the contract's schema checks each field as
 * it is left and on save; volume and estimated weight follow the measures as they are typed.
 */
export function BancataFormDialog({
  bancata,
  onClose,
  onSaved,
}: {
  bancata?: Bancata | null;
  onClose: () => void;
  onSaved: (bancata: Bancata) => void;
}) {
  const editing = !!bancata;
  const create = useCreateBancata();
  const update = useUpdateBancata(bancata?._id ?? '');
  const materiali = useLookups('materiali');
  const form = useDialogForm<BancataCreateInput, BancataCreate>(
    zodResolver(bancataCreateSchema),
    toFormValues(bancata),
  );
  const {
    control,
    reset,
    formState: { errors },
  } = form;
  const [lunghezza, altezza, profondita, materialeId] = useWatch({
    control,
    name: ['lunghezza', 'altezza', 'profondita', 'materialeId'],
  });

  const densita =
    materiali.data?.find((m) => m._id === materialeId)?.densita ??
    (bancata?.materiale._id === materialeId ? bancata?.materiale.densita : undefined);
  const [l, h, p] = [positive(lunghezza), positive(altezza), positive(profondita)];
  const volume = l && h && p ? volumeM3(l, h, p) : null;
  const peso = volume !== null && densita ? pesoT(volume, densita) : null;

  const close = () => {
    reset(toFormValues(bancata));
    onClose();
  };
  const save = async (values: BancataCreate) => {
    const saved = editing ? await update.mutateAsync(values) : await create.mutateAsync(values);
    reset(toFormValues(saved));
    onSaved(saved);
  };

  const err = (name: keyof BancataCreateInput) => errors[name]?.message;
  const fid = (name: string) => `bancata-${name}`;
  const title = editing ? `Modifica bancata ${bancata.codice}` : 'Nuova bancata';

  return (
    <FormDialog
      name="bancata"
      title={title}
      form={form}
      fieldNames={FIELD_NAMES}
      onSave={save}
      onClose={close}
      draftOf={bancata?._id ?? 'nuova'}
      pending={create.isPending || update.isPending}
      width="52rem"
      maximizable
    >
      <div className="formgrid grid">
        <BancataProvenienzaFields form={form} />

        <BancataQuantitaFields form={form} volume={volume} peso={peso} densita={densita} />

        <FormField id={fid('note')} label="Note" error={err('note')} className="col-12">
          <LongTextArea
            control={control}
            name="note"
            id={fid('note')}
            max={2000}
            error={err('note')}
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
