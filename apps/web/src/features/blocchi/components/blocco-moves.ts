import {
  CATEGORIE,
  CATEGORIA_LABELS,
  SCELTE,
  SCELTA_LABELS,
  type Blocco,
  type BloccoStato,
} from '@gestcava/contracts';
import type { BloccoKind } from '../api/blocchi';

/** What a dialog of one of a block's moves (opzione, declassamento) is given: the block, and what to do after. */
export interface BloccoMoveDialogProps {
  kind: BloccoKind;
  blocco: Blocco;
  onClose: () => void;
  onDone: (saved: Blocco) => void;
}

interface Move {
  label: string;
  icon: string;
  /** filled (the usual next step), outlined, or danger (outlined) */
  look: 'primary' | 'outlined' | 'danger';
}

/** The button of a manual move, by target (and, for opzionato and disponibile, by where it starts). */
export function bloccoMoveOf(from: BloccoStato, to: BloccoStato): Move {
  switch (to) {
    case 'disponibile':
      return from === 'opzionato'
        ? { label: "Togli l'opzione", icon: 'pi pi-undo', look: 'outlined' }
        : { label: 'Disponibile', icon: 'pi pi-check', look: 'primary' };
    case 'opzionato':
      return from === 'opzionato'
        ? { label: "Rinnova o cambia l'opzione", icon: 'pi pi-bookmark', look: 'outlined' }
        : { label: 'Opziona per un cliente', icon: 'pi pi-bookmark', look: 'outlined' };
    case 'scartato':
      return { label: 'Scarta', icon: 'pi pi-times', look: 'danger' };
    default:
      return { label: to, icon: 'pi pi-arrow-right', look: 'outlined' };
  }
}

/**
 * The manual moves the web offers: the transition table's, but a sold block leaves with a DDT
 * («Crea DDT»), not by venduto → spedito by hand (the API keeps that move for goods shipped
 * with a document made elsewhere).
 */
export function webMoves(from: BloccoStato, manual: readonly BloccoStato[]): BloccoStato[] {
  return manual.filter((to) => !(from === 'venduto' && to === 'spedito'));
}

/**
 * The option moves (opziona, rinnova, togli l'opzione): who sells (write on collaudi) makes them
 * even with the blocchi read-only; every other move needs write on the blocchi.
 */
export function isOptionMove(from: BloccoStato, to: BloccoStato): boolean {
  return to === 'opzionato' || (from === 'opzionato' && to === 'disponibile');
}

/** Grades and categories below the current ones: a declassamento only lowers. */
export function lowerOptions(b: Pick<Blocco, 'scelta' | 'categoria'>) {
  return {
    scelte: SCELTE.slice(SCELTE.indexOf(b.scelta) + 1).map((value) => ({
      value,
      label: SCELTA_LABELS[value],
    })),
    categorie: CATEGORIE.slice(CATEGORIE.indexOf(b.categoria) + 1).map((value) => ({
      value,
      label: CATEGORIA_LABELS[value],
    })),
  };
}

/** Whether anything is left to lower. */
export function canDeclassare(b: Pick<Blocco, 'scelta' | 'categoria'>): boolean {
  const o = lowerOptions(b);
  return o.scelte.length > 0 || o.categorie.length > 0;
}
