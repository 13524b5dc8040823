/**
 * A detail asked offline that was never opened online (or whose copy was pruned): its own small
 * module, since the query client (on the login page's first load) needs only this of the offline code.
 */

export const NOT_ON_DEVICE_MESSAGE =
  'Non disponibile offline: apri la scheda quando sei in linea per averla sul dispositivo';

export class NotOnDeviceError extends Error {
  /** tells it apart from any Error in the type system too */
  readonly notOnDevice = true;
  constructor() {
    super(NOT_ON_DEVICE_MESSAGE);
    this.name = 'NotOnDeviceError';
  }
}

export const isNotOnDevice = (error: unknown): error is NotOnDeviceError =>
  error instanceof NotOnDeviceError;
