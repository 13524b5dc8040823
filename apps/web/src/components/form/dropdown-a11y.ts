/**
 * Names for the parts of a PrimeReact Dropdown that axe checks on their own: the hidden native
 * select and the trigger button (the visible input is named by its <label for>).
 */
export function dropdownPt(label: string) {
  return { select: { 'aria-label': label }, trigger: { 'aria-label': `Scegli: ${label}` } };
}
