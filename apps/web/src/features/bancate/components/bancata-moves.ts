import type { BancataStato } from '@gestcava/contracts';

/** The button of each move, by target state (what the clerk does, not the state's name). */
export const BANCATA_MOVE_LABELS: Record<
  BancataStato,
  { label: string; icon: string; severity?: 'danger' }
> = {
  pianificata: { label: 'Pianificata', icon: 'pi pi-calendar' },
  in_taglio: { label: 'Inizia il taglio', icon: 'pi pi-play' },
  ribaltata: { label: 'Ribaltata', icon: 'pi pi-replay' },
  in_riquadratura: { label: 'In riquadratura', icon: 'pi pi-th-large' },
  chiusa: { label: 'Chiudi la bancata', icon: 'pi pi-lock' },
  annullata: { label: 'Annulla la bancata', icon: 'pi pi-times', severity: 'danger' },
};

/** Moves that ask first: closing freezes the resa, annulling ends the bancata. */
export const BANCATA_MOVES_TO_CONFIRM: readonly BancataStato[] = ['chiusa', 'annullata'];
