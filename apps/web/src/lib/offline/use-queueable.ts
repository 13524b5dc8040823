import { useMutation } from '@tanstack/react-query';
import { sendOrQueue, type DirectSend, type QueueRequest, type SendOutcome } from './send-or-queue';

/**
 * A yard action as a mutation: its result says whether it was sent (`value`, the
 * server's answer, given to `onSent`) or kept on the device for later (`queued`).
 */
export function useQueueable<V, T>(options: {
  describe: (variables: V) => QueueRequest;
  send: (variables: V, direct: DirectSend) => Promise<T>;
  onSent?: (value: T) => unknown;
  onError?: (error: Error) => unknown;
}) {
  return useMutation({
    // TanStack Query would hold a mutation while the browser is offline: this one decides itself (it keeps the action)
    networkMode: 'always',
    mutationFn: (variables: V): Promise<SendOutcome<T>> =>
      sendOrQueue(options.describe(variables), (direct) => options.send(variables, direct)),
    onSuccess: (outcome) => (outcome.queued ? undefined : options.onSent?.(outcome.value)),
    onError: options.onError,
  });
}

/** Whether a mutation's result is an action kept on the device (its own toast already said so). */
export function wasQueued(result: unknown): boolean {
  return (
    typeof result === 'object' &&
    result !== null &&
    (result as { queued?: unknown }).queued === true
  );
}
