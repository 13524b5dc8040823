import { useEffect, useRef } from 'react';

/** The product's mark, precached by the service worker (public/favicon.svg). */
const PRODUCT_MARK = '/favicon.svg';

/**
 * The logo at one address whatever the company: the server answers it with the group's logo or
 * the product's mark (docs/api.md "The logo as an image"), so the prerendered page and the script
 * draw the same image. Offline that address fails: the mark stands in, even when it failed before
 * the script took the page over.
 */
export function LoginLogo() {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) img.src = PRODUCT_MARK;
  }, []);
  return (
    <img
      ref={ref}
      src="/user/logo"
      alt="Logo"
      className="login-logo"
      width={48}
      height={48}
      // never the page's largest paint: the text and the form come before it
      fetchPriority="low"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(PRODUCT_MARK)) event.currentTarget.src = PRODUCT_MARK;
      }}
    />
  );
}

/**
 * The login page's few icons as inline SVG, drawn from PrimeIcons' own sources
 * (primeicons/raw-svg): with them the page does not download the 33 KB icon font before it can
 * draw its button (docs/performance.md "The login paints first"). Every other page uses the font.
 */
const PATHS = {
  eye: [
    'M2 10C2 10 4.59 4 10 4C15.41 4 18 10 18 10C18 10 15.41 16 10 16C4.59 16 2 10 2 10Z',
    'M10 12.5C11.3807 12.5 12.5 11.3807 12.5 10C12.5 8.61929 11.3807 7.5 10 7.5C8.61929 7.5 7.5 8.61929 7.5 10C7.5 11.3807 8.61929 12.5 10 12.5Z',
  ],
  'eye-slash': [
    'M8.5 4.16C8.97 4.06 9.47 4 10 4C15.41 4 18 10 18 10C18 10 17.51 11.14 16.5 12.43',
    'M14.5 14.5C13.31 15.4 11.81 16 10 16C4.59 16 2 10 2 10C2 10 3.14 7.28 5.5 5.5',
    'M11.77 11.77C10.79 12.75 9.21 12.75 8.23 11.77C7.25 10.79 7.25 9.20998 8.23 8.22998',
    'M4 4L16 16',
  ],
  'sign-in': [
    'M13 2H16C17.1 2 18 2.8 18 3.78V16.22C18 17.2 17.1 18 16 18H13',
    'M9 6L13 10L9 14',
    'M2 10H13',
  ],
  spinner: [
    'M18.25 10C18.25 14.56 14.56 18.25 10 18.25C5.44 18.25 1.75 14.56 1.75 10C1.75 5.44 5.44 1.75 10 1.75C12.19 1.75 14.18 2.61 15.66 4',
  ],
  'times-circle': [
    'M10 18.25C14.5563 18.25 18.25 14.5563 18.25 10C18.25 5.44365 14.5563 1.75 10 1.75C5.44365 1.75 1.75 5.44365 1.75 10C1.75 14.5563 5.44365 18.25 10 18.25Z',
    'M13 7L7 13',
    'M7 7L13 13',
  ],
  wifi: [
    'M4.70999 10.04C7.78999 7.32 12.27 7.32 15.36 10.04',
    'M2 7.19988C6.57 2.93988 13.43 2.93988 18 7.19988',
    'M7.38 12.8899C8.95 11.7099 11.06 11.7099 12.64 12.8899',
    'M10 16H10.01',
  ],
} as const;

export type LoginIconName = keyof typeof PATHS;

/** A PrimeIcons icon at the text's size and colour, hidden from assistive technology. */
export function LoginIcon({ name, className }: { name: LoginIconName; className?: string }) {
  return (
    <svg
      className={className ? `login-icon ${className}` : 'login-icon'}
      viewBox="0 0 20 20"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
