import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StagingBanner } from './staging-banner';

describe('staging banner (docs/screens.md)', () => {
  it("'STAGING MODE - DB: {dbName} | Server: {address}' when the server says staging", () => {
    render(<StagingBanner health={{ staging: true, dbName: 'gestcava' }} />);
    expect(screen.getByTestId('staging-banner')).toHaveTextContent(
      `STAGING MODE - DB: gestcava | Server: ${window.location.origin}`,
    );
  });

  it('nothing in production, nor when health is unknown', () => {
    const { container, rerender } = render(
      <StagingBanner health={{ staging: false, dbName: 'gestcava' }} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(<StagingBanner health={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
