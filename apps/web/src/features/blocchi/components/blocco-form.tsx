import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { InputText } from 'primereact/inputtext';
import {
  bloccoEsternoCreateSchema,
  bloccoInternoCreateSchema,
  type Blocco,
  type BloccoEsternoCreate,
  type BloccoInternoCreate,
  type BloccoUpdate,
} from '@gestcava/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { LongTextArea } from '@/components/form/long-text-area';
import { invalidProps } from '@/components/form/form-errors';
import type { PickedAnagrafica } from '@/components/form/anagrafica-picker';
import { useLookups } from '@/lib/lookups';
import { notify } from '@/lib/toast';
import {
  useCreateBlocco,
  useUpdateBlocco,
  useBancateSelezionabili,
  BLOCCO_KIND_LABELS,
  type BloccoKind,
} from '../api/blocchi';
import './blocchi.css';
import {
  fid,
  liveQuantities,
  toBloccoFormValues,
  type BancataOrigin,
  type FormValues,
  type Output,
} from './blocco-form-values';
import { BLOCCO_FIELD_LABELS as L, UNITA_PREZZO_OPTIONS } from './blocco-format';
import { BloccoChoiceField, BloccoNumberField } from './blocco-form-fields';
import {
  AcquistoFields,
  BancataOriginField,
  DataRiquadraturaField,
} from './blocco-provenienza-fields';
import { BloccoDifettiFields } from './blocco-difetti-fields';
import { BloccoMaterialeFields } from './blocco-materiale-fields';
import { BloccoMisureFields } from './blocco-misure-fields';
import { BloccoPesataFields } from './blocco-pesata-fields';
import { lastUbicazione, previousBlocco, rememberBlocco, withPrevious } from './blocco-form-memory';

/**
 * A blocco, new or edited (docs/screens.md "Forms"): own blocks come from a bancata (ribaltata or in
 * riquadratura), bought-in ones from a fornitore with the purchase. Volumes and weight follow the
 * measures as they are typed; empty net measures are the gross ones; the server's field errors
 * land beside their fields.
 */
export function BloccoFormDialog({
  kind,
  blocco,
  bancata,
  onClose,
  onSaved,
}: {
  kind: BloccoKind;
  blocco?: Blocco | null;
  /** fixed origin of a new own blocco; without it the form offers the bancate to choose from */
  bancata?: BancataOrigin | null;
  onClose: () => void;
  onSaved: (blocco: Blocco) => void;
}) {
  const labels = BLOCCO_KIND_LABELS[kind];
  const interno = kind === 'blocchi';
  const editing = !!blocco;
  const create = useCreateBlocco(kind);
  const update = useUpdateBlocco(kind, blocco?._id ?? '');
  const materiali = useLookups('materiali');
  const choosingBancata = interno && !editing && !bancata;
  const bancate = useBancateSelezionabili(choosingBancata);
  const [fornitore, setFornitore] = useState<PickedAnagrafica | null>(blocco?.fornitore ?? null);
  const defaults = useMemo(() => {
    const values = toBloccoFormValues(kind, blocco, bancata);
    // a new blocco lies where the last one from the same cava was put (bought-in ones: where the last one was)
    const ubicazione = blocco || (interno && !bancata) ? null : lastUbicazione(bancata?.cava?._id);
    return ubicazione ? { ...values, ubicazioneId: ubicazione } : values;
  }, [kind, blocco, bancata, interno]);
  const [previous, setPrevious] = useState(() => (blocco ? null : previousBlocco(kind)));
  const resolver = useMemo(
    () =>
      (interno
        ? zodResolver(bloccoInternoCreateSchema)
        : zodResolver(bloccoEsternoCreateSchema)) as unknown as Resolver<
        FormValues,
        unknown,
        Output
      >,
    [interno],
  );
  const form = useForm<FormValues, unknown, Output>({
    resolver,
    defaultValues: defaults,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const {
    control,
    register,
    reset,
    setValue,
    setFocus,
    formState: { errors },
  } = form;
  const watched = useWatch({ control });

  const bancataChoice = bancate.data?.find((c) => c._id === watched.bancataId);
  const densita =
    materiali.data?.find((m) => m._id === watched.materialeId)?.densita ??
    (blocco?.materiale._id === watched.materialeId ? blocco?.materiale.densita : undefined) ??
    (bancata?.materiale._id === watched.materialeId ? bancata?.materiale.densita : undefined) ??
    (bancataChoice?.materiale._id === watched.materialeId
      ? bancataChoice?.materiale.densita
      : undefined);
  const q = liveQuantities(watched, densita);

  const close = () => {
    reset(defaults);
    onClose();
  };
  const save = async (values: Output) => {
    let saved: Blocco;
    if (editing) {
      const { bancataId: _bancata, ...body } = values as BloccoInternoCreate & BloccoEsternoCreate;
      void _bancata;
      saved = await update.mutateAsync(body as Partial<BloccoUpdate>);
    } else {
      saved = await create.mutateAsync(values);
      rememberBlocco(kind, saved);
    }
    reset(toBloccoFormValues(kind, saved));
    onSaved(saved);
  };
  // The next blocco of the same bancata (or fornitore) lies in the same place, of the same stone.
  const saveAndNew = async (values: Output) => {
    const saved = await create.mutateAsync(values);
    rememberBlocco(kind, saved);
    setPrevious(previousBlocco(kind));
    const kept = values as Partial<BloccoInternoCreate & BloccoEsternoCreate>;
    const next = toBloccoFormValues(kind, null, bancata);
    // only the kind's own keys: the schemas are strict (a `fornitoreId: undefined` fails an own blocco)
    // a series of blocks is squared on the same day
    const provenance = interno
      ? { bancataId: kept.bancataId, dataRiquadratura: kept.dataRiquadratura }
      : { fornitoreId: kept.fornitoreId };
    reset({
      ...next,
      ...provenance,
      materialeId: kept.materialeId,
      ubicazioneId: kept.ubicazioneId,
    });
    notify({
      severity: 'success',
      summary: 'Blocco registrato',
      detail: `${saved.codice}: ora il prossimo`,
    });
    // once the dialog's buttons, disabled while saving, are back: the next blocco starts from its length
    setTimeout(() => setFocus('lunghezza'));
  };
  const copyPrevious = (p: NonNullable<typeof previous>) => {
    const values = withPrevious(form.getValues(), p, !!bancata);
    for (const [key, value] of Object.entries(values))
      setValue(key as keyof FormValues, value as never, { shouldDirty: true });
    if (p.fornitore && !interno) setFornitore(p.fornitore);
  };

  const err = (name: keyof FormValues) => errors[name]?.message;
  const title = editing
    ? `Modifica ${labels.singolare.toLowerCase()} ${blocco.codice}`
    : interno
      ? 'Nuovo blocco'
      : 'Nuovo blocco esterno';

  return (
    <FormDialog
      name="blocco"
      title={title}
      form={form}
      fieldNames={Object.keys(defaults)}
      onSave={save}
      onSaveAndNew={editing ? undefined : saveAndNew}
      draftOf={blocco?._id ?? `nuovo-${kind}${bancata ? `-${bancata._id}` : ''}`}
      onClose={close}
      pending={create.isPending || update.isPending}
      width="60rem"
      breakpoints={{ '960px': '94vw', '640px': '100vw' }}
      maximizable
    >
      <div className="formgrid grid">
        {previous && (
          <div className="col-12">
            <Button
              type="button"
              label={`Copia dal precedente (${previous.codice})`}
              icon="pi pi-copy"
              text
              size="small"
              onClick={() => copyPrevious(previous)}
              data-testid="blocco-copy-previous"
            />
          </div>
        )}
        <h3 className="form-section-title col-12">Provenienza</h3>
        {interno ? (
          <>
            <BancataOriginField
              form={form}
              blocco={blocco}
              bancata={bancata}
              choices={
                choosingBancata ? { data: bancate.data, isPending: bancate.isPending } : null
              }
            />
            <DataRiquadraturaField form={form} />
          </>
        ) : (
          <AcquistoFields
            form={form}
            kind={kind}
            fornitore={fornitore}
            onFornitore={setFornitore}
          />
        )}
        <FormField
          id={fid('codiceTracciabilita')}
          label={L.codiceTracciabilita ?? ''}
          error={err('codiceTracciabilita')}
          className={interno ? 'col-12 md:col-6' : 'col-12 sm:col-8'}
          hint="Certificato comunale o chip, se c'è"
        >
          <InputText
            id={fid('codiceTracciabilita')}
            maxLength={60}
            autoComplete="off"
            className={`w-full${err('codiceTracciabilita') ? ' p-invalid' : ''}`}
            {...invalidProps(fid('codiceTracciabilita'), err('codiceTracciabilita'))}
            {...register('codiceTracciabilita')}
          />
        </FormField>

        <BloccoMaterialeFields form={form} interno={interno} />

        <BloccoMisureFields form={form} quantities={q} densita={densita} />
        <BloccoPesataFields
          form={form}
          volumeLordo={q.volumeLordo}
          densita={densita}
          saved={blocco?.pesoPesa ?? null}
        />

        <BloccoDifettiFields form={form} />

        <h3 className="form-section-title col-12">Prezzo di listino</h3>
        <BloccoNumberField
          form={form}
          name="prezzoListino"
          label="Prezzo"
          unit="€"
          decimals={2}
          className="col-12 sm:col-6"
        />
        <BloccoChoiceField
          form={form}
          name="unitaPrezzo"
          options={UNITA_PREZZO_OPTIONS}
          className="col-12 sm:col-6"
          label="Per"
        />

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
