/**
 * The named fields of a row, as they are: the plain columns a DTO copies one for one (the mappers then
 * write out only what they rename, cast or compute).
 */
export function pick<T extends object, const K extends keyof T>(
  row: T,
  keys: readonly K[],
): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}
