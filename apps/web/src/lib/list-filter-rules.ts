/** Validators of list filters read from the URL (useListParams): a bad value is dropped, never sent. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const uuidFilter = (v: string): string | undefined =>
  UUID.test(v) ? v.toLowerCase() : undefined;
export const isoDateFilter = (v: string): string | undefined =>
  ISO_DATE.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined;
export const enumFilter =
  <T extends string>(values: readonly T[]) =>
  (v: string): T | undefined =>
    (values as readonly string[]).includes(v) ? (v as T) : undefined;
/** A non-negative amount as the server reads it (dot decimals), e.g. m³ or €. */
export const amountFilter = (v: string): string | undefined =>
  /^\d{1,9}(\.\d{1,3})?$/.test(v) ? v : undefined;
