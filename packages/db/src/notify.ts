import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a listener reports: each payload on its channel, and whether it is listening (a gap may have lost payloads). */
export interface NotificationHandlers {
  notify(payload: string): void;
  /** true once LISTEN is in place (again); false as soon as the connection fails or closes. */
  listening(on: boolean): void;
}

export interface Listener {
  /**
   * Resolves once every notification committed before the call has been delivered: on PostgreSQL a round trip on
   * the listening connection (the server sends pending notifications before it answers a query), shared by every
   * caller that arrived before it was sent; rejects when not listening. Immediate on the embedded database.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

function channelIdent(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid channel: ${channel}`);
  return `"${channel}"`;
}

/**
 * LISTEN on PostgreSQL over a dedicated connection (the pool's connections come and go), reconnecting
 * after a failure. `listening(false)` is reported synchronously on the error, before any other event.
 */
export function listenPostgres(url: string, channel: string, on: NotificationHandlers): Listener {
  const ident = channelIdent(channel);
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    retry = null;
    const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: `listen ${channel}` });
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      if (current === client) current = null;
      on.listening(false);
      client.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    client.on('notification', (message) => {
      if (message.channel === channel) on.notify(message.payload ?? '');
    });
    client.on('error', drop);
    client.on('end', drop);
    try {
      await client.connect();
      await client.query(`LISTEN ${ident}`);
    } catch {
      drop();
      return;
    }
    if (closed || dropped) {
      if (!dropped) await client.end().catch(() => undefined);
      return;
    }
    current = client;
    on.listening(true);
  };
  void connect();

  // Callers wait for the next round trip sent after they arrived; those arriving meanwhile share the one after it.
  let waiting: Array<{ resolve: () => void; reject: (err: unknown) => void }> = [];
  let pumping = false;
  const pump = async () => {
    pumping = true;
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      try {
        if (!current) throw new Error('not listening');
        await current.query('SELECT 1');
        for (const w of batch) w.resolve();
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    pumping = false;
  };

  return {
    sync: () =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject });
        if (!pumping) void pump();
      }),
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      on.listening(false);
      await client?.end().catch(() => undefined);
    },
  };
}

/** LISTEN on the embedded database: PGlite delivers a notification when the transaction that sent it commits, before that query's promise settles. */
export async function listenEmbedded(client: PGlite, channel: string, on: NotificationHandlers): Promise<Listener> {
  const unlisten = await client.listen(channel, (payload) => on.notify(payload));
  on.listening(true);
  return {
    sync: async () => undefined,
    close: async () => {
      on.listening(false);
      if (!client.closed) await unlisten();
    },
  };
}
