import fs from 'node:fs';
import path from 'node:path';

/** Waits for the newest .eml in the server's outbox addressed to `to`, and returns its reset link. */
export async function resetLinkFromOutbox(dataDir: string, to: string, since: number, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : [];
    for (const file of files.sort().reverse()) {
      if (fs.statSync(file).mtimeMs < since) continue;
      // quoted-printable soft line breaks join back into one line
      const text = fs.readFileSync(file, 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!text.includes(`To: ${to}`)) continue;
      const link = /https?:\/\/\S+\/reset-password\/[\w-]+\?email=\S+/.exec(text);
      if (link) return link[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reset mail to ${to} in ${dir}`);
}

/** Waits for the newest .eml in the server's outbox addressed to `to` (written after `since`) whose text holds `needle`; returns its text. */
export async function mailFromOutbox(dataDir: string, to: string, since: number, needle: string, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : [];
    for (const file of files.sort().reverse()) {
      if (fs.statSync(file).mtimeMs < since) continue;
      const text = fs.readFileSync(file, 'utf8');
      if (text.includes(`To: ${to}`) && text.includes(needle)) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} holding "${needle}" in ${dir}`);
}
