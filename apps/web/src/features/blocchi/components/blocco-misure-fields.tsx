import { useWatch } from 'react-hook-form';
import { ComputedValues } from '@/components/form/computed-values';
import { formatNumber, formatVolume, formatWeight } from '@/lib/format';
import { positive } from '@/lib/production-format';
import { GROSS, NET, type liveQuantities } from './blocco-form-values';
import { BloccoNumberField, type BloccoForm } from './blocco-form-fields';

/**
 * The measures of the blocco form: gross as quarried, net (empty = the gross one, shown as its
 * placeholder), and the volumes and theoretical weight they give as they are typed.
 */
export function BloccoMisureFields({
  form,
  quantities: q,
  densita,
}: {
  form: BloccoForm;
  quantities: ReturnType<typeof liveQuantities>;
  /** the chosen material's t/m³, when known */
  densita: number | undefined;
}) {
  const gross = useWatch({ control: form.control, name: GROSS });
  return (
    <>
      <h3 className="form-section-title col-12">Misure lorde (come cavate)</h3>
      {GROSS.map((name) => (
        <BloccoNumberField key={name} form={form} name={name} unit="cm" decimals={0} required />
      ))}
      <h3 className="form-section-title col-12">Misure nette (commerciali)</h3>
      {NET.map((name, i) => {
        const lorda = positive(gross[i]);
        return (
          <BloccoNumberField
            key={name}
            form={form}
            name={name}
            unit="cm"
            decimals={0}
            placeholder={lorda ? `= ${formatNumber(lorda, 0)}` : '= lorda'}
            hint="Vuota = uguale alla lorda"
          />
        );
      })}
      <div className="col-12">
        <ComputedValues
          label="Volumi e peso calcolati"
          items={[
            {
              key: 'volumeLordo',
              label: 'Volume lordo',
              value: q.volumeLordo !== null ? formatVolume(q.volumeLordo) : null,
            },
            {
              key: 'volumeNetto',
              label: 'Volume netto',
              value: q.volumeNetto !== null ? formatVolume(q.volumeNetto) : null,
            },
            {
              key: 'pesoTeorico',
              label: densita ? `Peso teorico (${formatNumber(densita, 2)} t/m³)` : 'Peso teorico',
              value: q.pesoTeorico !== null ? formatWeight(q.pesoTeorico) : null,
            },
          ]}
        />
      </div>
    </>
  );
}
