import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NumberInput } from './number-input';
import { formatNumberInput, readNumberInput } from './number-text';

function Harness({
  initial,
  onValue,
  decimals = 2,
}: {
  initial: number | null;
  onValue: (v: number | null) => void;
  decimals?: number;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <label htmlFor="n">Prezzo</label>
      <NumberInput
        id="n"
        value={value}
        decimals={decimals}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
      <button type="button" onClick={() => setValue(42.5)}>
        Imposta
      </button>
    </>
  );
}

describe('Italian number input', () => {
  it('reads and writes 1.234,56', () => {
    expect(readNumberInput('1.234,56')).toBe(1234.56);
    expect(readNumberInput('12,5')).toBe(12.5);
    expect(readNumberInput('')).toBeNull();
    expect(readNumberInput('abc')).toBeNaN();
    expect(formatNumberInput(1234.56, 2)).toBe('1.234,56');
    expect(formatNumberInput(1139, 0)).toBe('1.139');
    expect(formatNumberInput(null, 2)).toBe('');
  });

  it('reports the number on every key and shows it grouped when left', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness initial={null} onValue={onValue} />);
    const input = screen.getByLabelText('Prezzo');
    await user.type(input, '1234,5');
    expect(onValue).toHaveBeenLastCalledWith(1234.5);
    expect(input).toHaveValue('1234,5');
    await user.tab();
    expect(input).toHaveValue('1.234,5');
    // a value set from outside replaces the text
    await user.click(screen.getByRole('button', { name: 'Imposta' }));
    expect(input).toHaveValue('42,5');
    await user.clear(input);
    expect(onValue).toHaveBeenLastCalledWith(null);
  });
});

describe('whole numbers (decimals 0)', () => {
  it.each([
    ['1150,5', 1150.5],
    ['3.80', 3.8],
  ])(
    'keeps %s as typed when left and reports it as typed, for the schema to refuse',
    async (typed, reported) => {
      const user = userEvent.setup();
      const onValue = vi.fn();
      render(<Harness initial={null} onValue={onValue} decimals={0} />);
      const input = screen.getByLabelText('Prezzo');
      await user.type(input, typed);
      await user.tab();
      expect(input).toHaveValue(typed);
      expect(onValue).toHaveBeenLastCalledWith(reported);
    },
  );

  it('still groups a whole number when left', async () => {
    const user = userEvent.setup();
    render(<Harness initial={null} onValue={() => undefined} decimals={0} />);
    const input = screen.getByLabelText('Prezzo');
    await user.type(input, '1150');
    await user.tab();
    expect(input).toHaveValue('1.150');
  });
});
