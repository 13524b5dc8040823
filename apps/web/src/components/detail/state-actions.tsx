import { useEffect, useRef } from 'react';
import { Button } from 'primereact/button';

/** How a move's button looks: what the user does, not the target state's name. */
export interface StateMove {
  label: string;
  icon: string;
  severity?: 'danger' | 'warning' | 'success';
  outlined?: boolean;
}

/**
 * One button per move the transition table allows from the current state (the contracts'
 * `…_TRANSITIONS[stato]`), none otherwise; the server checks the same table (409 for anything
 * else). Test ids `${name}-stato-actions` and `${name}-move-${to}`.
 */
export function StateActions<S extends string>({
  name,
  moves,
  moveOf,
  onMove,
  busy,
  sending,
}: {
  name: string;
  /** the allowed next states */
  moves: readonly S[];
  moveOf: (to: S) => StateMove;
  onMove: (to: S) => void;
  /** a move is under way: every button waits */
  busy?: boolean;
  /** the move under way, whose button spins */
  sending?: S | null;
}) {
  // A double click sends one move: the second click comes before `busy` disables the buttons
  // (the mutation's state reaches React a task later), so a ref refuses it at once. The buttons
  // take clicks again after the next render that is not busy: the move is over, or it opened a
  // dialog instead of sending.
  const sent = useRef(false);
  useEffect(() => {
    if (!busy) sent.current = false;
  });
  if (moves.length === 0) return null;
  return (
    <div
      className="stato-actions"
      role="group"
      aria-label="Cambia stato"
      data-testid={`${name}-stato-actions`}
    >
      {moves.map((to) => {
        const m = moveOf(to);
        return (
          <Button
            key={to}
            type="button"
            label={m.label}
            icon={m.icon}
            severity={m.severity}
            outlined={m.outlined}
            loading={sending === to}
            disabled={busy}
            onClick={() => {
              if (sent.current || busy) return;
              sent.current = true;
              onMove(to);
            }}
            data-testid={`${name}-move-${to}`}
          />
        );
      })}
    </div>
  );
}
