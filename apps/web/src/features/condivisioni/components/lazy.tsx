import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * The pages that offer sharing (blocks list, block, collaudo, cliente) load it only when shown: its
 * chunks stay out of the router's preload lists, which ship with the login route (docs/quality.md P9).
 */
const Panel = lazy(() =>
  import('./condivisioni-panel').then((m) => ({ default: m.CondivisioniPanel })),
);
const Button = lazy(() =>
  import('./condividi-button').then((m) => ({ default: m.CondividiButton })),
);

export function LazyCondivisioniPanel(props: ComponentProps<typeof Panel>) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

export function LazyCondividiButton(props: ComponentProps<typeof Button>) {
  return (
    <Suspense fallback={null}>
      <Button {...props} />
    </Suspense>
  );
}
