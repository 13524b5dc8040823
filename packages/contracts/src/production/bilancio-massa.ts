import { z } from 'zod';
import { percent, sumRounded } from './quantities.js';

/**
 * A bancata's mass balance: what came out of it — squared blocks, informi, scaglie (bianche
 * and scure), scogliere and terre, in tonnes — against its gross weight (`pesoStimato`, gross m³ × density). A closed bancata
 * whose balance is off by more than this share has a measure or a by-product tonnage wrong.
 */
export const BILANCIO_MASSA_TOLLERANZA_PERCENT = 10;

export const bilancioMassaSchema = z.object({
  /** The bancata's gross weight, t. */
  lordoT: z.number(),
  /** Its blocks other than informi, each by the weight rule (weighbridge, else net m³ × density), t. */
  blocchiT: z.number(),
  /** Informi: those registered as blocks (by the same rule) plus the bancata's loose `informiT`, t. */
  informiT: z.number(),
  /** Scaglie bianche + scure, t. */
  scaglieT: z.number(),
  scogliereT: z.number(),
  terreT: z.number(),
  /** blocchi + informi + scaglie + scogliere + terre, t. */
  totaleT: z.number(),
  /** (totale − lordo) ÷ lordo, % with one decimal: negative when mass is missing; null without a gross weight or, while open, before anything came out. */
  differenzaPercent: z.number().nullable(),
  /** Closed and off by more than BILANCIO_MASSA_TOLLERANZA_PERCENT (an open bancata is still giving its stone). */
  fuoriTolleranza: z.boolean(),
});
export type BilancioMassa = z.infer<typeof bilancioMassaSchema>;

export interface BilancioMassaInput {
  lordoT: number;
  blocchiT: number;
  /** informi registered as blocks, t */
  informiBlocchiT: number;
  /** the bancata's own by-products, t (null: not typed) */
  informiT: number | null;
  scaglieT: number | null;
  scaglieScureT: number | null;
  scogliereT: number | null;
  terreT: number | null;
  chiusa: boolean;
}

/** The balance from already-rounded tonnes (2 decimals): a total is the sum of its rounded rows. */
export function bilancioMassa(b: BilancioMassaInput): BilancioMassa {
  const informiT = sumRounded([b.informiBlocchiT, b.informiT ?? 0], 2);
  const scaglieT = sumRounded([b.scaglieT ?? 0, b.scaglieScureT ?? 0], 2);
  const scogliereT = b.scogliereT ?? 0;
  const terreT = b.terreT ?? 0;
  const totaleT = sumRounded([b.blocchiT, informiT, scaglieT, scogliereT, terreT], 2);
  // an open bancata that has given nothing yet (planned, being cut) has no balance, not −100 %
  const differenzaPercent =
    !b.chiusa && totaleT === 0 ? null : percent(totaleT - b.lordoT, b.lordoT);
  return {
    lordoT: b.lordoT,
    blocchiT: b.blocchiT,
    informiT,
    scaglieT,
    scogliereT,
    terreT,
    totaleT,
    differenzaPercent,
    fuoriTolleranza:
      b.chiusa &&
      differenzaPercent !== null &&
      Math.abs(differenzaPercent) > BILANCIO_MASSA_TOLLERANZA_PERCENT,
  };
}
