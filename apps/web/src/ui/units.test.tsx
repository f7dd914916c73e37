import { renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { usePackaging, useQuantityWithUnit } from './units.ts';

/** The real translation files, so the plural forms tested are the ones shipped. */
async function i18nFor(lng: string) {
  const instance = i18next.createInstance();
  const file = path.resolve(import.meta.dirname, `../../public/locales/${lng}/translation.json`);
  await instance.use(initReactI18next).init({ lng, fallbackLng: 'en', resources: { [lng]: { translation: JSON.parse(fs.readFileSync(file, 'utf8')) as object } }, interpolation: { escapeValue: false } });
  return instance;
}

async function render(lng: string) {
  const instance = await i18nFor(lng);
  const wrapper = ({ children }: { children: React.ReactNode }) => <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
  return { quantity: renderHook(() => useQuantityWithUnit(), { wrapper }).result.current, packaging: renderHook(() => usePackaging(), { wrapper }).result.current };
}

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('units in words', () => {
  it('English: one tip, 250 tips, and packaging in the plural', async () => {
    const { quantity, packaging } = await render('en');
    expect(plain(quantity('1', 'tip'))).toBe('1 tip');
    expect(plain(quantity('250', 'tip'))).toBe('250 tips');
    expect(plain(quantity('2.5', 'pair'))).toBe('2.5 pairs');
    expect(plain(quantity('3', 'box'))).toBe('3 boxes');
    expect(packaging('pack', 250, 'tip')).toBe('Pack of 250 tips');
  });

  it('Spanish, French and Portuguese take their own plurals and number formats', async () => {
    expect(plain((await render('es')).quantity('152', 'each'))).toBe('152 unidades');
    expect(plain((await render('es')).quantity('1', 'each'))).toBe('1 unidad');
    expect(plain((await render('fr')).quantity('2,5'.replace(',', '.'), 'roll'))).toBe('2,5 rouleaux');
    expect(plain((await render('pt-BR')).quantity('1000', 'tip'))).toBe('1.000 ponteiras');
  });

  it('Bengali and Chinese count without changing the noun', async () => {
    expect(plain((await render('zh-CN')).quantity('250', 'tip'))).toBe('250 头');
    expect(plain((await render('bn')).quantity('3', 'box'))).toBe('৩ বাক্স');
  });
});
