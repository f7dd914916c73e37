import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as fontkit from 'fontkit';
import { fontChain, fontRuns, woffToSfnt } from '../src/core/pdf-fonts.ts';

describe('PDF fonts', () => {
  it('cuts mixed text into runs, each in a font that has its characters; Bengali keeps its signs, Chinese its own font', () => {
    const chain = fontChain('regular');
    const text = 'মোট ক্ষতি: Nitrile gloves — 库存估值 12,50 € Ωμέγα Привет';
    const runs = fontRuns(text, chain);
    expect(runs.map((r) => r.text).join('')).toBe(text);
    for (const run of runs) for (const char of run.text) if (!/\p{M}|\u200c|\u200d/u.test(char)) expect(run.font.has(char.codePointAt(0)!), `${char} in ${run.font.name}`).toBe(true);
    const fontOf = (fragment: string) => runs.find((r) => r.text.includes(fragment))!.font.name;
    // The Bengali phrase is one run (its vowel signs and conjunct with it), in the Bengali font; the Han in the Chinese one.
    expect(fontOf('মোট')).toBe(fontOf('ক্ষতি'));
    expect(fontOf('মোট')).not.toBe(fontOf('Nitrile'));
    expect(fontOf('库存估值')).not.toBe(fontOf('Nitrile'));
    expect(fontOf('Ωμέγα')).not.toBe(fontOf('库存估值'));
  });

  it('unwraps a WOFF into the TrueType font it holds, with the same glyphs', () => {
    const file = createRequire(import.meta.url).resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff');
    const woff = fs.readFileSync(file);
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    const a = fontkit.create(woff) as fontkit.Font;
    const b = fontkit.create(sfnt) as fontkit.Font;
    expect(b.numGlyphs).toBe(a.numGlyphs);
    expect(b.characterSet).toEqual(a.characterSet);
    expect(b.layout('মোট').glyphs.map((g) => g.id)).toEqual(a.layout('মোট').glyphs.map((g) => g.id));
    // Anything else passes through.
    expect(woffToSfnt(sfnt)).toBe(sfnt);
  });
});
