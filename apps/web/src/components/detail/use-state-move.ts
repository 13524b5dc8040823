import { useState } from 'react';
import { wasQueued } from '@/lib/offline/use-queueable';
import { notify } from '@/lib/toast';
import type { StateMove as MoveLook } from './state-actions';

/** A move's button in the usual look: a danger move outlined, the others filled. */
export const dangerOutlined = (m: {
  label: string;
  icon: string;
  severity?: MoveLook['severity'];
}): MoveLook => ({
  label: m.label,
  icon: m.icon,
  severity: m.severity,
  outlined: m.severity === 'danger',
});

/**
 * What a state change needs of its mutation (TanStack Query's result has it): POST …/stato with the
 * target and a note. Its result may be a yard action kept on the device, not yet sent.
 */
export interface StateMoveMutation<S extends string> {
  mutate: (
    body: { stato: S; nota: string | null },
    options: { onSuccess: (result: unknown) => void; onError: (error: Error) => void },
  ) => void;
  isPending: boolean;
  variables?: { stato: S } | undefined;
}

export interface StateMove<S extends string> {
  /** the move whose confirmation is open */
  asking: S | null;
  /** the move last asked about (the dialog keeps showing it while it closes) */
  asked: S | null;
  ask: (to: S) => void;
  /** closes the confirmation and forgets its note */
  cancel: () => void;
  nota: string;
  setNota: (nota: string) => void;
  /** sends a move; `note` only from a confirmation */
  send: (to: S, note?: string) => void;
  /** a move's button: the moves that ask first open their confirmation, the others go at once */
  onMove: (to: S) => void;
  /** a move is under way */
  busy: boolean;
  /** the move under way, whose button spins */
  sending: S | null;
}

/**
 * A record's state change (docs/domain.md): the moves of its transition table, some asking first with an
 * optional note; a toast says the new state ("Stato aggiornato") or why the server refused it.
 */
export function useStateMove<S extends string, M extends S>({
  mutation,
  codice,
  labels,
  confirm,
  onError,
}: {
  /** its body takes the manual targets (M) of the states (S) */
  mutation: StateMoveMutation<M>;
  /** the record's code, in the toasts */
  codice: string;
  labels: Readonly<Record<S, string>>;
  /** the moves that ask first */
  confirm: readonly NoInfer<S>[];
  onError?: (error: Error) => void;
}): StateMove<S> {
  const [asked, setAsked] = useState<{ to: S; open: boolean } | null>(null);
  const [nota, setNota] = useState('');
  const close = () => setAsked((a) => (a ? { ...a, open: false } : a));
  const cancel = () => {
    close();
    setNota('');
  };
  const send = (to: S, note?: string) =>
    mutation.mutate(
      // the buttons offer the transition table's manual moves, which are the body's targets (the server refuses any other)
      { stato: to as M, nota: note?.trim() ? note.trim() : null },
      {
        onSuccess: (result) => {
          cancel();
          // kept on the device for later: its own toast said so
          if (!wasQueued(result))
            notify({
              severity: 'success',
              summary: 'Stato aggiornato',
              detail: `${codice}: ${labels[to]}`,
            });
        },
        onError: (error) => {
          // the note stays, for another try
          close();
          notify({
            severity: 'error',
            summary: 'Cambio di stato non riuscito',
            detail: error.message,
          });
          onError?.(error);
        },
      },
    );
  const ask = (to: S) => setAsked({ to, open: true });
  return {
    asking: asked?.open ? asked.to : null,
    asked: asked?.to ?? null,
    ask,
    cancel,
    nota,
    setNota,
    send,
    onMove: (to) => (confirm.includes(to) ? ask(to) : send(to)),
    busy: mutation.isPending,
    sending: mutation.isPending ? (mutation.variables?.stato ?? null) : null,
  };
}
