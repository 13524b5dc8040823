import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { notify } from '@/lib/toast';
import ToastView from './toast-view';

function phone(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
afterEach(() => vi.unstubAllGlobals());

describe('toasts never cover the page header', () => {
  it('at the bottom on a phone', async () => {
    phone(true);
    render(<ToastView />);
    act(() => notify({ severity: 'success', summary: 'Modifiche salvate' }));
    await vi.waitFor(() =>
      expect(document.querySelector('.p-toast')).toHaveClass('p-toast-bottom-center'),
    );
  });

  it('top right, below the top bar, on a wide screen', async () => {
    phone(false);
    render(<ToastView />);
    act(() => notify({ severity: 'success', summary: 'Modifiche salvate' }));
    await vi.waitFor(() =>
      expect(document.querySelector('.p-toast')).toHaveClass('p-toast-top-right'),
    );
    expect((document.querySelector('.p-toast') as HTMLElement).style.top).toBe('5.25rem');
  });
});
