/**
 * Work a server does by the clock, in its own process (not a job: every instance does its own): `tick` every
 * `intervalMs`, never two at once (a tick still running when the next is due skips it), a failure logged by `onError`
 * and the next tick tried as usual. The timer does not keep the process alive; the returned function stops it.
 */
export function startTicker(intervalMs: number, tick: () => Promise<void>, onError: (err: unknown) => void): () => void {
  let busy = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (busy || stopped) return;
    busy = true;
    void (async () => {
      try {
        await tick();
      } catch (err) {
        if (!stopped) onError(err);
      } finally {
        busy = false;
      }
    })();
  }, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
