import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DIMMED, PALETTES, theme } from './theme.ts';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const WHITE = '#ffffff';
const AA = 4.5;

describe('theme colours pass WCAG AA for text', () => {
  const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light : theme.primaryShade;

  it.each(Object.entries(PALETTES))('%s: white on the filled shade, the filled shade as text, light-badge text on its tint', (_name, palette) => {
    const filled = palette[shade!];
    expect(contrast(WHITE, filled)).toBeGreaterThanOrEqual(AA);
    expect(contrast(filled, DEFAULT_THEME.colors.gray[0])).toBeGreaterThanOrEqual(AA);
    expect(contrast(palette[9], palette[1])).toBeGreaterThanOrEqual(AA);
    expect(contrast(palette[9], palette[0])).toBeGreaterThanOrEqual(AA);
  });

  it('dimmed text on white and on the page grey', () => {
    expect(contrast(DIMMED, WHITE)).toBeGreaterThanOrEqual(AA);
    expect(contrast(DIMMED, DEFAULT_THEME.colors.gray[1])).toBeGreaterThanOrEqual(AA);
  });

  it('Mantine’s own shades would fail (the check can fail)', () => {
    expect(contrast(WHITE, DEFAULT_THEME.colors.green[7])).toBeLessThan(AA);
    expect(contrast(DEFAULT_THEME.colors.gray[6], WHITE)).toBeLessThan(AA);
  });
});
