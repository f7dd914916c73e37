import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { isLocale } from '@enamel/contracts';
import { notifications, users, type Database } from '@enamel/db';
import { buildAbility, loadRules } from '../../core/abilities.ts';
import type { Deps } from '../../core/context.ts';
import { translate, type MessageKey } from '../../core/i18n.ts';
import { practiceScope } from '../../core/practice-scope.ts';

/** A digest lists at most this many notifications (the rest: "and N more" with a link to the app). */
const DIGEST_SIZE = 50;
/** Hours since the last digest before the next is due: a little under a day or a week, so a daily job never skips one. */
const DUE_HOURS = { daily: 20, weekly: 6 * 24 + 12 } as const;

/**
 * The e-mail digest: each active user who chose daily or weekly, and whose last digest is old enough, gets one
 * mail in their language listing their unread notifications since then (in the practices they may still see),
 * each with its link; no mail when there is nothing new. The time of sending is recorded either way, so the next
 * digest starts where this one ended.
 */
export async function sendDigests(deps: Pick<Deps, 'db' | 'mailer' | 'config'>, now = new Date()): Promise<{ sent: number; users: number }> {
  const { db } = deps;
  const due = await db
    .select({ id: users.id, email: users.email, locale: users.locale, digest: users.digest, sentAt: users.digestSentAt })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        ne(users.digest, 'off'),
        or(
          isNull(users.digestSentAt),
          sql`${users.digestSentAt} < ${now.toISOString()}::timestamptz - make_interval(hours => (case ${users.digest} when 'weekly' then ${DUE_HOURS.weekly} else ${DUE_HOURS.daily} end)::int)`,
        ),
      ),
    );
  let sent = 0;
  for (const user of due) {
    const since = user.sentAt ?? new Date(now.getTime() - (user.digest === 'weekly' ? 7 : 1) * 86_400_000);
    const items = await unreadSince(db, user.id, since);
    if (items.length) {
      await deps.mailer.send(composeDigest(deps.config.appUrl, isLocale(user.locale) ? user.locale : 'en', user.email, items));
      sent++;
    }
    await db.update(users).set({ digestSentAt: now }).where(eq(users.id, user.id));
  }
  return { sent, users: due.length };
}

type Item = typeof notifications.$inferSelect;

async function unreadSince(db: Database, userId: number, since: Date): Promise<Item[]> {
  const scope = practiceScope(buildAbility(await loadRules(db, userId)), 'read', 'Inventory');
  const practices = scope === 'all' ? undefined : or(isNull(notifications.dentalPracticeId), scope.length ? inArray(notifications.dentalPracticeId, scope) : undefined);
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), isNull(notifications.clearedAt), gt(notifications.createdAt, since), practices))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(DIGEST_SIZE + 1);
}

function composeDigest(appUrl: string, locale: Parameters<typeof translate>[0], to: string, items: Item[]) {
  const tr = (key: string, params: Record<string, string | number> = {}) => translate(locale, key as MessageKey, params);
  const shown = items.slice(0, DIGEST_SIZE);
  const lines = shown.map((n) => `• ${tr(`alerts.${n.kind}.title`, n.params)}: ${tr(`alerts.${n.kind}.body`, n.params)}${n.link ? `\n  ${appUrl}${n.link}` : ''}`);
  if (items.length > DIGEST_SIZE) lines.push(tr('digest.more'));
  return {
    to,
    subject: tr('digest.subject', { count: shown.length }),
    text: [tr('digest.intro'), '', ...lines, '', tr('digest.footer', { url: `${appUrl}/admin/profile` })].join('\n'),
  };
}
