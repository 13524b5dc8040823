import { pesoText, type Blocco } from '@gestcava/contracts';
import { formatWeight } from '@/lib/format';

/**
 * A block's weight by the one rule (weighbridge, else net m³ × density) with what it is taken on,
 * wherever a list or a detail shows it, so a reader knows a "teorico" figure from a weighed one.
 */
export function PesoBlocco({ peso }: { peso: Blocco['peso'] }) {
  return (
    <span title={pesoText(peso)}>
      {formatWeight(peso.t)} <small className="text-color-secondary">{peso.base}</small>
    </span>
  );
}
