/** The closed lists a block is described with: scelta, categoria, declared defects, price units. */
export const SCELTE = ['prima', 'seconda', 'commerciale'] as const;
export const CATEGORIE = ['squadrato', 'semisquadrato', 'informe'] as const;
export const DIFETTI = ['pelo', 'crepa', 'macchia', 'vena', 'taroli', 'spigolo', 'colore'] as const;
export const UNITA_PREZZO = ['m3', 't', 'q'] as const;
export const UNITA_PREZZO_ACQUISTO = ['totale', 'm3', 't'] as const;

export const SCELTA_LABELS: Record<(typeof SCELTE)[number], string> = {
  prima: 'Prima',
  seconda: 'Seconda',
  commerciale: 'Commerciale',
};
export const CATEGORIA_LABELS: Record<(typeof CATEGORIE)[number], string> = {
  squadrato: 'Squadrato',
  semisquadrato: 'Semisquadrato',
  informe: 'Informe',
};
export const DIFETTO_LABELS: Record<(typeof DIFETTI)[number], string> = {
  pelo: 'Pelo',
  crepa: 'Crepa aperta',
  macchia: 'Macchia',
  vena: 'Vena / madremacchia',
  taroli: 'Taroli / cavità',
  spigolo: 'Rottura spigolo',
  colore: 'Colore fuori tono',
};
export const UNITA_PREZZO_LABELS: Record<(typeof UNITA_PREZZO)[number], string> = {
  m3: '€/m³',
  t: '€/t',
  q: '€/q',
};
