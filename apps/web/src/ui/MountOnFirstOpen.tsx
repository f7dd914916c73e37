import { useEffect, useState, type ReactNode } from 'react';

/**
 * Mounts a dialog (and the queries it runs) only once it has been opened, then keeps it mounted. On the first open
 * the dialog mounts closed and opens one render later, so that it sees itself open (Mantine's Modal remembers the
 * focused element when `opened` turns true, and returns the focus there on close).
 */
export function MountOnFirstOpen({ opened, children }: { opened: boolean; children: (opened: boolean) => ReactNode }) {
  const [mounted, setMounted] = useState(opened);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (opened && !mounted) setMounted(true);
  }, [opened, mounted]);
  useEffect(() => {
    if (mounted) setLive(true);
  }, [mounted]);
  return mounted ? children(opened && live) : null;
}
