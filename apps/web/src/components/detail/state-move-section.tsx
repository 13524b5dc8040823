import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { MoveNote } from '@/components/form/move-note';
import { SectionCard } from '@/components/section-card';
import { StatoPanel } from '@/components/stato-tag';
import type { StateMove } from './use-state-move';

/** The confirmation of a move that asks first. */
export interface MoveConfirmation {
  title: string;
  confirmLabel: string;
  confirmIcon?: string;
  danger?: boolean;
  testId: string;
  /** what the move does, before the note */
  body: ReactNode;
  /** the note's field */
  note: { id: string; label: string };
}

/**
 * A detail page's "Stato" section: the state and what goes with it, the moves' buttons (for who may
 * write), and the confirmation of a move that asks first, with its optional note.
 */
export function StateMoveSection<S extends string>({
  name,
  move,
  actions,
  confirmation,
  children,
  dialogs,
}: {
  /** the section's title id is `${name}-stato-title` */
  name: string;
  move: StateMove<S>;
  actions: ReactNode;
  /** the confirmation of a move (none: the move opens its own dialog, in `dialogs`) */
  confirmation?: (to: S) => MoveConfirmation | null;
  /** the state's tag and what goes with it */
  children: ReactNode;
  /** the section's other dialogs */
  dialogs?: ReactNode;
}) {
  const c = move.asked !== null && confirmation ? confirmation(move.asked) : null;
  return (
    <SectionCard titleId={`${name}-stato-title`} title="Stato">
      <StatoPanel actions={actions}>{children}</StatoPanel>
      {c && move.asked !== null && (
        <ConfirmDialog
          visible={move.asking !== null}
          title={c.title}
          confirmLabel={c.confirmLabel}
          confirmIcon={c.confirmIcon}
          danger={c.danger}
          loading={move.busy}
          onConfirm={() => move.asked !== null && move.send(move.asked, move.nota)}
          onCancel={move.cancel}
          testId={c.testId}
        >
          {c.body}
          <MoveNote id={c.note.id} label={c.note.label} value={move.nota} onChange={move.setNota} />
        </ConfirmDialog>
      )}
      {dialogs}
    </SectionCard>
  );
}
