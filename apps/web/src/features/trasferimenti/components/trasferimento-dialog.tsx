import { Controller, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDialogForm } from '@/components/form/use-dialog-form';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import {
  trasferimentoCreateSchema,
  type Trasferimento,
  type TrasferimentoCreate,
  type TrasferimentoCreateInput,
} from '@gestcava/contracts';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { LongTextArea } from '@/components/form/long-text-area';
import { NumberInput } from '@/components/form/number-input';
import { formatEuro } from '@/lib/format';
import { useCreateTrasferimento, useDestinazioni } from '../api/trasferimenti';

/** Something a transfer can carry, as the page that opens the dialog knows it. */
export interface TransferItem {
  tipo: 'blocco' | 'pacco' | 'lotto';
  id: string;
  codice: string;
  /** what the row shows beside the code (material, measures, m²) */
  descrizione?: string;
  /** a lot: the pieces free to send (the default) */
  pezzi?: number;
}

const KEY = { blocco: 'blocchi', pacco: 'pacchi', lotto: 'lotti' } as const;
const TIPO_LABEL = { blocco: 'Blocco', pacco: 'Pacco', lotto: 'Lotto' } as const;

/**
 * A transfer to another company of the group (docs/domain.md "Ditte del gruppo"): a sale with a price per
 * item and, if any, its own reference; the goods then travel with a DDT («Crea DDT» after it). The
 * receiving company gets the same codes; here the items become venduto.
 */
export function TrasferimentoDialog({
  items,
  onClose,
  onDone,
}: {
  items: TransferItem[];
  onClose: () => void;
  onDone: (t: Trasferimento) => void;
}) {
  const create = useCreateTrasferimento();
  const destinazioni = useDestinazioni();
  const form = useDialogForm<TrasferimentoCreateInput, TrasferimentoCreate>(
    zodResolver(trasferimentoCreateSchema),
    {
      destinazioneCompanyId:
        destinazioni.data?.length === 1 ? destinazioni.data[0]!._id : undefined,
      blocchi: items
        .filter((i) => i.tipo === 'blocco')
        .map((i) => ({ id: i.id, prezzo: undefined as unknown as number })),
      pacchi: items
        .filter((i) => i.tipo === 'pacco')
        .map((i) => ({ id: i.id, prezzo: undefined as unknown as number })),
      lotti: items
        .filter((i) => i.tipo === 'lotto')
        .map((i) => ({ id: i.id, pezzi: i.pezzi ?? 1, prezzo: undefined as unknown as number })),
      documento: '',
      note: '',
    },
  );
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const values = useWatch({ control });
  const totale = [
    ...(values.blocchi ?? []),
    ...(values.pacchi ?? []),
    ...(values.lotti ?? []),
  ].reduce((a, r) => a + (r?.prezzo ?? 0), 0);
  const rows = (['blocco', 'pacco', 'lotto'] as const).flatMap((tipo) =>
    items.filter((i) => i.tipo === tipo).map((item, index) => ({ item, index })),
  );
  const fieldNames = [
    'destinazioneCompanyId',
    'documento',
    'note',
    'blocchi',
    'pacchi',
    'lotti',
    ...rows.flatMap(({ item, index }) => [
      `${KEY[item.tipo]}.${index}.prezzo`,
      `${KEY[item.tipo]}.${index}.pezzi`,
    ]),
  ];

  const save = async (body: TrasferimentoCreate) => onDone(await create.mutateAsync(body));
  const title =
    items.length === 1 ? `Trasferisci ${items[0]!.codice}` : `Trasferisci ${items.length} elementi`;

  return (
    <FormDialog
      name="trasferimento"
      title={title}
      form={form}
      fieldNames={fieldNames}
      onSave={save}
      onClose={onClose}
      pending={create.isPending}
      width="44rem"
    >
      <p className="mt-0 text-color-secondary">
        Una vendita tra ditte del gruppo: qui gli elementi risultano venduti alla ditta scelta, che
        li riceve con gli stessi codici e il prezzo come prezzo di acquisto.
      </p>
      <div className="formgrid grid">
        <FormField
          id="trasferimento-destinazione"
          label="Ditta di destinazione"
          required
          error={errors.destinazioneCompanyId?.message}
          className="col-12"
        >
          <Controller
            control={control}
            name="destinazioneCompanyId"
            render={({ field }) => (
              <Dropdown
                inputId="trasferimento-destinazione"
                value={field.value ?? null}
                options={destinazioni.data ?? []}
                optionLabel="name"
                optionValue="_id"
                placeholder={destinazioni.isPending ? 'Caricamento…' : 'Scegli la ditta'}
                emptyMessage="Nessun’altra ditta nel gruppo"
                onChange={(e) => field.onChange(e.value as string)}
                onBlur={field.onBlur}
                className="w-full"
                pt={dropdownPt('Ditta di destinazione')}
                {...invalidProps(
                  'trasferimento-destinazione',
                  errors.destinazioneCompanyId?.message,
                )}
                data-testid="trasferimento-destinazione"
              />
            )}
          />
        </FormField>

        {rows.map(({ item, index }) => {
          const key = KEY[item.tipo];
          const rowErrors = (
            errors[key] as
              | Array<{ prezzo?: { message?: string }; pezzi?: { message?: string } } | undefined>
              | undefined
          )?.[index];
          const id = `trasferimento-${key}-${index}`;
          return (
            <div
              key={item.id}
              className="col-12 grid formgrid m-0 p-0"
              data-testid="trasferimento-riga"
            >
              <div className="field col-12 md:col-5">
                <span className="block font-semibold">
                  {TIPO_LABEL[item.tipo]} {item.codice}
                </span>
                {item.descrizione && (
                  <small className="text-color-secondary">{item.descrizione}</small>
                )}
              </div>
              {item.tipo === 'lotto' && (
                <FormField
                  id={`${id}-pezzi`}
                  label="Pezzi"
                  required
                  error={rowErrors?.pezzi?.message}
                  className="col-6 md:col-3"
                  hint={item.pezzi !== undefined ? `Liberi: ${item.pezzi}` : undefined}
                >
                  <Controller
                    control={control}
                    name={`lotti.${index}.pezzi`}
                    render={({ field }) => (
                      <NumberInput
                        id={`${id}-pezzi`}
                        decimals={0}
                        value={field.value}
                        onChange={(v) => field.onChange(v ?? undefined)}
                        onBlur={field.onBlur}
                        error={rowErrors?.pezzi?.message}
                      />
                    )}
                  />
                </FormField>
              )}
              <FormField
                id={`${id}-prezzo`}
                label="Prezzo"
                required
                error={rowErrors?.prezzo?.message}
                className={item.tipo === 'lotto' ? 'col-6 md:col-4' : 'col-12 md:col-7'}
                hint="Totale dell’elemento"
              >
                <Controller
                  control={control}
                  name={`${key}.${index}.prezzo`}
                  render={({ field }) => (
                    <NumberInput
                      id={`${id}-prezzo`}
                      unit="€"
                      value={field.value as number | undefined}
                      onChange={(v) => field.onChange(v ?? undefined)}
                      onBlur={field.onBlur}
                      error={rowErrors?.prezzo?.message}
                      testId={`${id}-prezzo`}
                    />
                  )}
                />
              </FormField>
            </div>
          );
        })}

        <FormField
          id="trasferimento-documento"
          label="Riferimento"
          error={errors.documento?.message}
          className="col-12 md:col-6"
          hint="Ordine o fattura (facoltativo): il DDT si crea dopo"
        >
          <InputText
            id="trasferimento-documento"
            className="w-full"
            maxLength={100}
            {...register('documento')}
            {...invalidProps('trasferimento-documento', errors.documento?.message)}
            data-testid="trasferimento-documento"
          />
        </FormField>
        <div className="field col-12 md:col-6 flex align-items-end">
          <span data-testid="trasferimento-totale">
            Totale: <strong>{formatEuro(totale)}</strong>
          </span>
        </div>
        <FormField
          id="trasferimento-note"
          label="Note"
          error={errors.note?.message}
          className="col-12"
        >
          <LongTextArea
            control={control}
            name="note"
            id="trasferimento-note"
            max={1000}
            rows={2}
            error={errors.note?.message}
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
