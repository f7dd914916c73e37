import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MountOnFirstOpen } from './MountOnFirstOpen.tsx';

describe('MountOnFirstOpen', () => {
  it('mounts nothing until first opened, mounts closed before opening, then stays mounted', async () => {
    const seen: boolean[] = [];
    const dialog = (opened: boolean) => {
      seen.push(opened);
      return <div data-testid="dialog" data-opened={opened} />;
    };
    const view = render(<MountOnFirstOpen opened={false}>{dialog}</MountOnFirstOpen>);
    expect(view.queryByTestId('dialog')).toBeNull();
    expect(seen).toEqual([]);

    view.rerender(<MountOnFirstOpen opened>{dialog}</MountOnFirstOpen>);
    await vi.waitFor(() => expect(view.getByTestId('dialog').dataset.opened).toBe('true'));
    expect(seen[0]).toBe(false);

    view.rerender(<MountOnFirstOpen opened={false}>{dialog}</MountOnFirstOpen>);
    expect(view.getByTestId('dialog').dataset.opened).toBe('false');
  });
});
