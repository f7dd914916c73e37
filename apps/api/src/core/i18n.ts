import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, isLocale, type Locale } from '@enamel/contracts';
import bn from '../locales/bn.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import ptBR from '../locales/pt-BR.json' with { type: 'json' };
import zhCN from '../locales/zh-CN.json' with { type: 'json' };

type Messages = typeof en;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** Every key of the server's messages, checked at compile time. */
export type MessageKey = Leaves<Messages>;

const catalogs: Record<Locale, Messages> = { bn, en, es, fr, 'pt-BR': ptBR, 'zh-CN': zhCN };

function lookup(messages: Messages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/** Translates a server message; `{{name}}` placeholders are filled from params. */
export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = lookup(catalogs[locale], key) ?? lookup(catalogs.en, key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The request's locale: the locale cookie when valid, else the best Accept-Language match, else English. */
export function requestLocale(request: FastifyRequest): Locale {
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  const header = request.headers['accept-language'];
  if (typeof header === 'string') {
    const wanted = header
      .split(',')
      .map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
      .filter(Boolean);
    for (const tag of wanted) {
      const exact = LOCALES.find((l) => l.toLowerCase() === tag);
      if (exact) return exact;
      const language = LOCALES.find((l) => l.split('-')[0] === tag.split('-')[0]);
      if (language) return language;
    }
  }
  return DEFAULT_LOCALE;
}
