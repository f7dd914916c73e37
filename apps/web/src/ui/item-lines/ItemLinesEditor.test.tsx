import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { ItemLinesEditor, pickLine, type ItemLinesValues } from './ItemLinesEditor.tsx';
import type { ItemLine } from './item-lines.ts';

const LINES: ItemLine[] = [
  { product_id: 7, name: 'Nitrile gloves M', sku: 'GLV-M', usage_unit: 'each', unit_cost: '0.1299', quantity: 3, on_hand: '2' },
  { product_id: 8, name: 'Needles 27G', sku: 'NDL-27', usage_unit: 'each', unit_cost: '0.35', quantity: '1', on_hand: null },
];
const money = (value: string) => `€${value}`;

function Harness({ show, short }: { show: 'on-hand' | 'unit-cost'; short?: ReadonlySet<number> }) {
  const form = useForm<ItemLinesValues>({ initialValues: { items: LINES } });
  return (
    <ItemLinesEditor
      form={form}
      title="Consumables"
      hint="What it uses"
      picker={
        <button type="button" onClick={() => pickLine(form, { product_id: 7, name: 'Nitrile gloves M', sku: 'GLV-M', usage_unit: 'each', unit_cost: '0.1299', on_hand: '1' })}>
          pick gloves
        </button>
      }
      money={money}
      show={show}
      {...(short ? { short } : {})}
      empty="Nothing yet"
      totalLabel="Total"
      testId="lines"
    />
  );
}
const mount = (props: Parameters<typeof Harness>[0]) => render(<Providers queryClient={new QueryClient()}><Harness {...props} /></Providers>);

describe('ItemLinesEditor', () => {
  it('shows each line’s on-hand (… when unknown, red when short), line cost and the total; typing and removing change them', async () => {
    mount({ show: 'on-hand', short: new Set([7]) });
    expect((await screen.findAllByTestId('lines-item')).length).toBe(2);
    expect(screen.getAllByTestId('lines-item-on-hand').map((e) => e.textContent)).toEqual(['2\u00a0each', '…']);
    expect(screen.getAllByTestId('lines-item-line-cost').map((e) => e.textContent)).toEqual(['€0.3897', '€0.3500']);
    expect(screen.getByTestId('lines-total').textContent).toBe('€0.7397');
    expect(screen.getAllByTestId<HTMLInputElement>('lines-item-quantity')[0]!.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Consumables')).toBeTruthy();
    fireEvent.change(screen.getAllByTestId('lines-item-quantity')[1]!, { target: { value: '2' } });
    expect(screen.getByTestId('lines-total').textContent).toBe('€1.0897');
    // Picking a product already listed adds one unit to its line, with its fresh on-hand.
    fireEvent.click(screen.getByRole('button', { name: 'pick gloves' }));
    expect(screen.getAllByTestId('lines-item')).toHaveLength(2);
    expect(screen.getAllByTestId<HTMLInputElement>('lines-item-quantity')[0]!.value).toBe('4');
    expect(screen.getAllByTestId('lines-item-on-hand')[0]!.textContent).toBe('1\u00a0each');
    expect(screen.getByTestId('lines-total').textContent).toBe('€1.2196');
    fireEvent.click(screen.getAllByTestId('lines-item-remove')[0]!);
    expect(screen.getByTestId('lines-total').textContent).toBe('€0.7000');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Needles 27G' }));
    expect(screen.getByTestId('lines-items-empty').textContent).toBe('Nothing yet');
    expect(screen.getByTestId('lines-total').textContent).toBe('€0.0000');
  });

  it('shows the unit cost instead of on-hand for a template', async () => {
    mount({ show: 'unit-cost' });
    expect(await screen.findByText('€0.1299')).toBeTruthy();
    expect(screen.queryByTestId('lines-item-on-hand')).toBeNull();
  });
});
