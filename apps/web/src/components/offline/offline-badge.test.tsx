import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { OfflineBadge } from './offline-badge';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('"Non in linea" badge', () => {
  it('appears in a live region when the network goes, and leaves when it comes back', () => {
    render(<OfflineBadge />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();

    goOffline(true);
    expect(region).toHaveTextContent('Non in linea');

    goOffline(false);
    expect(region).toBeEmptyDOMElement();
  });

  it('shows at once on a page opened without network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBadge />);
    expect(screen.getByTestId('offline-badge')).toHaveTextContent('Non in linea');
  });
});
