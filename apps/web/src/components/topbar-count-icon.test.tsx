import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TopbarCountIcon } from './topbar-count-icon';

describe('top bar count icon', () => {
  it('shows no badge at zero, the count, and 99+ past 99, hidden from screen readers', () => {
    const { container, rerender } = render(
      <TopbarCountIcon icon="pi pi-inbox" count={0} testId="badge" />,
    );
    expect(screen.queryByTestId('badge')).toBeNull();
    expect(container.querySelector('i')).toHaveAttribute('aria-hidden', 'true');
    rerender(<TopbarCountIcon icon="pi pi-inbox" count={12} testId="badge" />);
    expect(screen.getByTestId('badge')).toHaveTextContent(/^12$/);
    rerender(<TopbarCountIcon icon="pi pi-inbox" count={250} testId="badge" />);
    expect(screen.getByTestId('badge')).toHaveTextContent(/^99\+$/);
  });
});
