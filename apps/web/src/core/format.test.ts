import { describe, expect, it } from 'vitest';
import { minorUnits } from '@enamel/contracts';
import { formatMoney } from './format.ts';

describe('money', () => {
  it('shows amounts in the currency’s own minor units', () => {
    expect(minorUnits('GBP')).toBe(2);
    expect(minorUnits('JPY')).toBe(0);
    expect(formatMoney('en', '1234.5', 'GBP')).toBe('£1,234.50');
    expect(formatMoney('en', '1234.5', 'JPY')).toBe('¥1,235');
    expect(formatMoney('en', '0.1299', 'USD')).toBe('$0.13');
  });

  it('keeps up to four decimals for a cost per unit, never fewer than the minor units', () => {
    expect(formatMoney('en', '0.0333', 'USD', { perUnit: true })).toBe('$0.0333');
    expect(formatMoney('en', '2', 'USD', { perUnit: true })).toBe('$2.00');
    expect(formatMoney('en', '3.5', 'JPY', { perUnit: true })).toBe('¥3.5');
  });

  it('writes money as each language does, and never lets it break across lines', () => {
    for (const [locale, text] of [['fr', '1 234,50 €'], ['es', '1234,50 €'], ['pt-BR', 'R$ 1.234,50'], ['zh-CN', '¥1,234.50']] as const) {
      const currency = locale === 'pt-BR' ? 'BRL' : locale === 'zh-CN' ? 'CNY' : 'EUR';
      const shown = formatMoney(locale, '1234.5', currency);
      expect(shown.replace(/\s/g, ' ')).toBe(text);
      expect(shown).not.toMatch(/[ \u202f]/);
    }
    expect(formatMoney('bn', '1234.5', 'BDT')).toMatch(/৳/);
  });
});
