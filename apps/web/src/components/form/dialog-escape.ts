import type { KeyboardEvent } from 'react';

/** The PrimeReact overlays a form's fields open (dropdowns, suggestions, the date's calendar). */
const OPEN_OVERLAYS =
  '.p-dropdown-panel, .p-autocomplete-panel, .p-multiselect-panel, .p-overlaypanel, .p-datepicker:not(.p-datepicker-inline)';

/**
 * Props for a PrimeReact Dialog holding a form. PrimeReact's dialog closes on Escape even when
 * the key was for a dropdown or a list of suggestions open inside it, and the values chosen go
 * with it: here Escape closes the open overlay alone, and the dialog (through `close`, which may
 * ask first) only when none is open.
 */
export function escapeClosesOverlayFirst(close: () => void) {
  return {
    closeOnEscape: false,
    pt: {
      root: {
        onKeyDownCapture: (e: KeyboardEvent<HTMLDivElement>) => {
          if (e.key === 'Escape' && !document.querySelector(OPEN_OVERLAYS)) close();
        },
      },
    },
  };
}
