/**
 * The rules a prerendered page (the login, the landing) carries inline, taken from the default
 * theme and the app's CSS at build (docs/performance.md "The login paints first"). The page keeps
 * that element after the app takes over; a theme swap removes it, or its default-theme rules,
 * later in the head than the new theme, would win over it.
 */
export const CRITICAL_CSS_ID = 'critical-css';
