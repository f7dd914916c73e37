import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useDecimalSeparator } from './units.ts';

/** A quantity or amount: not negative, up to four decimals, with the language's decimal separator. */
export function DecimalInput(props: NumberInputProps & { 'data-testid'?: string }) {
  const decimalSeparator = useDecimalSeparator();
  return <NumberInput min={0} decimalScale={4} decimalSeparator={decimalSeparator} allowNegative={false} {...props} />;
}
