import { Fragment, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Dropdown } from 'primereact/dropdown';
import { Checkbox } from 'primereact/checkbox';
import {
  BANCATA_STATO_LABELS,
  bloccoEsternoCreateSchema,
  bloccoInternoCreateSchema,
  type BancataStato,
  type Blocco,
  type BloccoEsternoCreate,
  type BloccoInternoCreate,
  type BloccoUpdate,
} from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { FormAlert } from '@/components/form/form-alert';
import { NumberInput } from '@/components/form/number-input';
import { DateInput } from '@/components/form/date-input';
import { todayIso } from '@/lib/iso-date';
import { LookupDropdown } from '@/components/form/lookup-dropdown';
import { ComputedValues } from '@/components/form/computed-values';
import { DiscardChangesDialog, UnsavedChangesGuard } from '@/components/form/unsaved-changes';
import { applyServerErrors, invalidProps } from '@/components/form/form-errors';
import { isApiError } from '@/lib/api';
import { formatNumber, formatVolume, formatWeight } from '@/lib/format';
import { useLookups } from '@/lib/lookups';
import { positive } from '@/lib/production-format';
import { useCreateBlocco } from '../api/create-blocco';
import { useUpdateBlocco } from '../api/update-blocco';
import { useBancateSelezionabili } from '../api/get-bancate-selezionabili';
import { BLOCCO_KIND_LABELS, type BloccoKind } from '../api/keys';
import './blocchi.css';
import { GROSS, NET, liveQuantities, toBloccoFormValues, type BancataOrigin, type Difetto, type FormValues, type Output } from './blocco-form-values';
import { AnagraficaPicker, type PickedAnagrafica } from './anagrafica-picker';
import {
  BLOCCO_FIELD_LABELS as L,
  CATEGORIA_OPTIONS,
  DIFETTO_OPTIONS,
  SCELTA_OPTIONS,
  UNITA_PREZZO_ACQUISTO_OPTIONS,
  UNITA_PREZZO_OPTIONS,
} from './blocco-format';
import { dropdownPt } from '@/components/form/dropdown-a11y';

/**
 * A blocco, new or edited (DESIGN §5 "Forms"): own blocks come from a bancata (ribaltata or in
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
  const [formError, setFormError] = useState<string | null>(null);
  const [askDiscard, setAskDiscard] = useState(false);
  const defaults = useMemo(() => toBloccoFormValues(kind, blocco, bancata), [kind, blocco, bancata]);
  const resolver = useMemo(
    () => (interno ? zodResolver(bloccoInternoCreateSchema) : zodResolver(bloccoEsternoCreateSchema)) as unknown as Resolver<FormValues, unknown, Output>,
    [interno],
  );
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<FormValues, unknown, Output>({ resolver, defaultValues: defaults, mode: 'onTouched' });
  const watched = useWatch({ control });
  const pending = isSubmitting || create.isPending || update.isPending;

  const bancataChoice = bancate.data?.find((c) => c._id === watched.bancataId);
  const densita =
    materiali.data?.find((m) => m._id === watched.materialeId)?.densita ??
    (blocco?.materiale._id === watched.materialeId ? blocco?.materiale.densita : undefined) ??
    (bancata?.materiale._id === watched.materialeId ? bancata?.materiale.densita : undefined) ??
    (bancataChoice?.materiale._id === watched.materialeId ? bancataChoice?.materiale.densita : undefined);
  const q = liveQuantities(watched, densita);

  const close = () => {
    reset(defaults);
    setAskDiscard(false);
    onClose();
  };
  const requestClose = () => {
    if (pending) return;
    if (isDirty) setAskDiscard(true);
    else close();
  };

  const onSubmit = async (values: Output) => {
    setFormError(null);
    try {
      let saved: Blocco;
      if (editing) {
        const { bancataId: _bancata, ...body } = values as BloccoInternoCreate & BloccoEsternoCreate;
        void _bancata;
        saved = await update.mutateAsync(body as Partial<BloccoUpdate>);
      } else {
        saved = await create.mutateAsync(values);
      }
      reset(toBloccoFormValues(kind, saved));
      onSaved(saved);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, Object.keys(defaults)));
    }
  };

  const err = (name: keyof FormValues) => errors[name]?.message;
  const fid = (name: string) => `blocco-${name}`;
  const title = editing ? `Modifica ${labels.singolare.toLowerCase()} ${blocco.codice}` : interno ? 'Nuovo blocco' : 'Nuovo blocco esterno';

  const numberField = (name: keyof FormValues, o: { label?: string; unit: string; decimals: number; required?: boolean; className?: string; placeholder?: string; hint?: string }) => (
    <FormField id={fid(name)} label={o.label ?? L[name] ?? name} required={o.required} error={err(name)} className={o.className ?? 'col-12 sm:col-4'} hint={o.hint}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <NumberInput
            id={fid(name)}
            value={field.value as number | null | undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            decimals={o.decimals}
            unit={o.unit}
            placeholder={o.placeholder}
            error={err(name)}
          />
        )}
      />
    </FormField>
  );
  const dropdown = (name: 'scelta' | 'categoria' | 'unitaPrezzo' | 'unitaPrezzoAcquisto', options: { value: string; label: string }[], className = 'col-12 sm:col-4', label?: string) => (
    <FormField id={fid(name)} label={label ?? L[name] ?? name} required error={err(name)} className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Dropdown inputId={fid(name)} pt={dropdownPt(label ?? L[name] ?? name)} value={field.value ?? null} options={options} onChange={(e) => field.onChange(e.value as string)} onBlur={field.onBlur} className={`w-full${err(name) ? ' p-invalid' : ''}`} {...invalidProps(fid(name), err(name))} />
        )}
      />
    </FormField>
  );

  const bancataForbidden = isApiError(bancate.error) && bancate.error.status === 403;

  return (
    <>
      <Dialog
        visible
        onHide={requestClose}
        header={title}
        modal
        maximizable
        style={{ width: '60rem' }}
        breakpoints={{ '960px': '94vw', '640px': '100vw' }}
        data-testid="blocco-form-dialog"
        footer={
          <div className="flex flex-wrap justify-content-end gap-2">
            <Button type="button" label="Annulla" outlined onClick={requestClose} disabled={pending} />
            <Button type="submit" form="blocco-form" label="Salva" icon="pi pi-check" loading={pending} disabled={choosingBancata && bancataForbidden} data-testid="blocco-save" />
          </div>
        }
      >
        <form id="blocco-form" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} aria-label={title}>
          <FormAlert message={formError} testId="blocco-form-error" />
          <div className="formgrid grid">
            <h3 className="form-section-title col-12">Provenienza</h3>
            {interno ? (
              <FormField id={fid('bancataId')} label="Bancata" required error={err('bancataId')} className="col-12 md:col-6">
                {!choosingBancata ? (
                  <InputText id={fid('bancataId')} value={blocco?.bancata?.codice ?? bancata?.codice ?? ''} readOnly className="w-full" />
                ) : bancataForbidden ? (
                  <div className="p-message p-component p-message-warn" role="status" data-testid="bancata-picker-forbidden">
                    <div className="p-message-wrapper">
                      <span className="p-message-detail">
                        Un blocco nasce da una bancata, e il tuo profilo non può consultare le bancate: chiedi a chi registra le
                        bancate di aggiungere il blocco dalla scheda della bancata.
                      </span>
                    </div>
                  </div>
                ) : (
                  <Controller
                    control={control}
                    name="bancataId"
                    render={({ field }) => (
                      <Dropdown
                        inputId={fid('bancataId')}
                        pt={dropdownPt('Bancata')}
                        value={field.value || null}
                        options={(bancate.data ?? []).map((c) => ({ value: c._id, label: `${c.codice} · ${c.cava.nome} · ${c.materiale.nome} (${BANCATA_STATO_LABELS[c.stato as BancataStato] ?? c.stato})` }))}
                        onChange={(e) => {
                          field.onChange(e.value as string);
                          const chosen = bancate.data?.find((c) => c._id === e.value);
                          if (chosen) setValue('materialeId', chosen.materiale._id, { shouldDirty: true });
                        }}
                        onBlur={field.onBlur}
                        loading={bancate.isPending}
                        placeholder="Scegli la bancata"
                        emptyMessage="Nessuna bancata ribaltata o in riquadratura"
                        filter
                        filterPlaceholder="Cerca per codice"
                        className={`w-full${err('bancataId') ? ' p-invalid' : ''}`}
                        {...invalidProps(fid('bancataId'), err('bancataId'))}
                      />
                    )}
                  />
                )}
              </FormField>
            ) : (
              <>
                <FormField id={fid('fornitoreId')} label="Fornitore" required error={err('fornitoreId')} className="col-12 md:col-6">
                  <Controller
                    control={control}
                    name="fornitoreId"
                    render={({ field }) => (
                      <AnagraficaPicker
                        kind={kind}
                        which="fornitori"
                        id={fid('fornitoreId')}
                        value={fornitore}
                        onChange={(v) => {
                          setFornitore(v);
                          field.onChange(v?._id ?? '');
                        }}
                        onBlur={field.onBlur}
                        error={err('fornitoreId')}
                        testId="blocco-fornitore"
                      />
                    )}
                  />
                </FormField>
                <FormField id={fid('numeroFornitore')} label={L.numeroFornitore ?? ''} error={err('numeroFornitore')} className="col-12 md:col-6" hint="Il numero del blocco per il fornitore o la cava d'origine">
                  <InputText id={fid('numeroFornitore')} maxLength={60} autoComplete="off" className={`w-full${err('numeroFornitore') ? ' p-invalid' : ''}`} {...invalidProps(fid('numeroFornitore'), err('numeroFornitore'))} {...register('numeroFornitore')} />
                </FormField>
                <FormField id={fid('dataAcquisto')} label={L.dataAcquisto ?? ''} required error={err('dataAcquisto')} className="col-12 sm:col-4">
                  <Controller
                    control={control}
                    name="dataAcquisto"
                    render={({ field }) => <DateInput id={fid('dataAcquisto')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={err('dataAcquisto')} max={todayIso()} />}
                  />
                </FormField>
                {numberField('prezzoAcquisto', { unit: '€', decimals: 2, required: true })}
                {dropdown('unitaPrezzoAcquisto', UNITA_PREZZO_ACQUISTO_OPTIONS, 'col-12 sm:col-4', 'Il prezzo è')}
                {numberField('costoTrasporto', { unit: '€', decimals: 2 })}
              </>
            )}
            <FormField id={fid('codiceTracciabilita')} label={L.codiceTracciabilita ?? ''} error={err('codiceTracciabilita')} className={interno ? 'col-12 md:col-6' : 'col-12 sm:col-8'} hint="Certificato comunale o chip, se c'è">
              <InputText id={fid('codiceTracciabilita')} maxLength={60} autoComplete="off" className={`w-full${err('codiceTracciabilita') ? ' p-invalid' : ''}`} {...invalidProps(fid('codiceTracciabilita'), err('codiceTracciabilita'))} {...register('codiceTracciabilita')} />
            </FormField>

            <h3 className="form-section-title col-12">Materiale, qualità, ubicazione</h3>
            <FormField id={fid('materialeId')} label="Materiale" required={!interno} error={err('materialeId')} className="col-12 md:col-6" hint={interno ? 'Di norma quello della bancata' : undefined}>
              <Controller
                control={control}
                name="materialeId"
                render={({ field }) => (
                  <LookupDropdown kind="materiali" id={fid('materialeId')} label="Materiale" value={field.value} onChange={(v) => field.onChange(v ?? (interno ? undefined : ''))} onBlur={field.onBlur} error={err('materialeId')} placeholder="Scegli il materiale" />
                )}
              />
            </FormField>
            <FormField id={fid('ubicazioneId')} label="Ubicazione" required error={err('ubicazioneId')} className="col-12 md:col-6">
              <Controller
                control={control}
                name="ubicazioneId"
                render={({ field }) => (
                  <LookupDropdown kind="ubicazioni" id={fid('ubicazioneId')} label="Ubicazione" value={field.value} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} error={err('ubicazioneId')} placeholder="Dove si trova" />
                )}
              />
            </FormField>
            {dropdown('scelta', SCELTA_OPTIONS, 'col-12 sm:col-6')}
            {dropdown('categoria', CATEGORIA_OPTIONS, 'col-12 sm:col-6')}

            <h3 className="form-section-title col-12">Misure lorde (come cavate)</h3>
            {GROSS.map((name) => (
              <Fragment key={name}>{numberField(name, { unit: 'cm', decimals: 0, required: true })}</Fragment>
            ))}
            <h3 className="form-section-title col-12">Misure nette (commerciali)</h3>
            {NET.map((name, i) => {
              const gross = positive(watched[GROSS[i] as (typeof GROSS)[number]]);
              return <Fragment key={name}>{numberField(name, { unit: 'cm', decimals: 0, placeholder: gross ? `= ${formatNumber(gross, 0)}` : '= lorda', hint: 'Vuota = uguale alla lorda' })}</Fragment>;
            })}
            <div className="col-12">
              <ComputedValues
                label="Volumi e peso calcolati"
                items={[
                  { key: 'volumeLordo', label: 'Volume lordo', value: q.volumeLordo !== null ? formatVolume(q.volumeLordo) : null },
                  { key: 'volumeNetto', label: 'Volume netto', value: q.volumeNetto !== null ? formatVolume(q.volumeNetto) : null },
                  { key: 'pesoTeorico', label: densita ? `Peso teorico (${formatNumber(densita, 2)} t/m³)` : 'Peso teorico', value: q.pesoTeorico !== null ? formatWeight(q.pesoTeorico) : null },
                ]}
              />
            </div>
            {numberField('pesoPesa', { unit: 't', decimals: 2, hint: 'Il peso letto alla pesa, se c’è' })}

            <h3 className="form-section-title col-12">Difetti</h3>
            <div className="field col-12">
              <Controller
                control={control}
                name="difettoso"
                render={({ field }) => (
                  <div className="checkbox-field">
                    <Checkbox
                      inputId={fid('difettoso')}
                      checked={field.value === true}
                      onChange={(e) => {
                        field.onChange(e.checked === true);
                        if (!e.checked) setValue('difetti', [], { shouldDirty: true });
                      }}
                    />
                    <label htmlFor={fid('difettoso')}>Blocco difettoso</label>
                  </div>
                )}
              />
            </div>
            {watched.difettoso && (
              <>
                <fieldset className="field col-12 difetti-fieldset">
                  <legend>Difetti visibili</legend>
                  <Controller
                    control={control}
                    name="difetti"
                    render={({ field }) => (
                      <div className="difetti-options">
                        {DIFETTO_OPTIONS.map((o) => {
                          const checked = (field.value ?? []).includes(o.value as Difetto);
                          return (
                            <div key={o.value} className="checkbox-field">
                              <Checkbox
                                inputId={fid(`difetto-${o.value}`)}
                                checked={checked}
                                onChange={(e) => {
                                  const current = field.value ?? [];
                                  field.onChange(e.checked ? [...current, o.value as Difetto] : current.filter((d) => d !== o.value));
                                }}
                              />
                              <label htmlFor={fid(`difetto-${o.value}`)}>{o.label}</label>
                            </div>
                          );
                        })}
                      </div>
                    )}
                  />
                </fieldset>
                <FormField id={fid('noteDifetti')} label={L.noteDifetti ?? ''} error={err('noteDifetti')} className="col-12">
                  <InputTextarea id={fid('noteDifetti')} rows={2} autoResize maxLength={1000} className="w-full" {...register('noteDifetti')} />
                </FormField>
              </>
            )}

            <h3 className="form-section-title col-12">Prezzo di listino</h3>
            {numberField('prezzoListino', { label: 'Prezzo', unit: '€', decimals: 2, className: 'col-12 sm:col-6' })}
            {dropdown('unitaPrezzo', UNITA_PREZZO_OPTIONS, 'col-12 sm:col-6', 'Per')}

            <FormField id={fid('note')} label="Note" error={err('note')} className="col-12">
              <InputTextarea id={fid('note')} rows={3} autoResize maxLength={2000} className={`w-full${err('note') ? ' p-invalid' : ''}`} {...invalidProps(fid('note'), err('note'))} {...register('note')} />
            </FormField>
          </div>
        </form>
      </Dialog>
      <DiscardChangesDialog visible={askDiscard} onStay={() => setAskDiscard(false)} onLeave={close} />
      <UnsavedChangesGuard when={isDirty && !pending} />
    </>
  );
}
