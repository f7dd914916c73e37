import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, LOCALES } from '@enamel/contracts';

type Messages = { [key: string]: string | Messages };
const dir = path.resolve(import.meta.dirname, '../public/locales');
const load = (locale: string) => JSON.parse(readFileSync(path.join(dir, locale, 'translation.json'), 'utf8')) as Messages;

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

/** Plural forms differ by language (zh-CN has only `_other`, bn/en/es/… `_one` and `_other`). */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const en = flatten(load('en'));
const enBases = new Set([...en.keys()].map(base));

describe('translations', () => {
  it('cover every error code', () => {
    for (const code of [...ERROR_CODES, 'network']) expect(en.has(`errors.${code}`), code).toBe(true);
  });

  // Forms check their bodies with the contract's schemas before sending: what they say must be what the API says.
  it.each(LOCALES)('%s: hold the validation messages of the API', (locale) => {
    const api = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../api/src/locales', `${locale}.json`), 'utf8')) as Messages;
    expect(load(locale).validation).toEqual(api.validation);
  });

  describe.each(LOCALES.filter((l) => l !== 'en'))('%s', (locale) => {
    const messages = flatten(load(locale));

    it('has exactly the keys of en (up to plural forms)', () => {
      expect(new Set([...messages.keys()].map(base))).toEqual(enBases);
      const pluralKeys = [...messages.keys()].filter((k) => base(k) !== k);
      for (const key of pluralKeys) expect(messages.has(`${base(key)}_other`), key).toBe(true);
    });

    it('has no empty value and keeps every placeholder', () => {
      for (const [key, value] of messages) {
        expect(value.trim(), key).not.toBe('');
        const enValue = en.get(key) ?? en.get(`${base(key)}_other`) ?? '';
        expect(placeholders(value), key).toEqual(placeholders(enValue));
      }
    });

    it('is really translated (most values differ from English)', () => {
      const same = [...messages].filter(([key, value]) => en.get(key) === value).map(([key]) => key);
      // Legitimately identical: the product name and a few short words shared by some languages.
      expect(same.length / messages.size, same.join(', ')).toBeLessThan(0.08);
    });
  });
});
