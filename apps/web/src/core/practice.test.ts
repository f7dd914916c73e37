import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '../app/router.tsx';
import {
  PRACTICE_CHANGED_EVENT, PRACTICE_ID_KEY, PRACTICE_NAME_KEY, addPracticeChangedListener, getSelectedPractice,
  practiceListenerCount, removeAllPracticeChangedListeners, setSelectedPractice, type PracticeChangedEvent,
} from './practice.ts';

describe('selected practice', () => {
  afterEach(() => {
    removeAllPracticeChangedListeners();
    localStorage.clear();
  });

  it('stores id and name and raises dental-practice-changed with them', () => {
    const seen: unknown[] = [];
    const onEvent = (event: Event) => seen.push((event as PracticeChangedEvent).detail);
    window.addEventListener(PRACTICE_CHANGED_EVENT, onEvent);
    setSelectedPractice({ id: 12, name: 'Riverside Dental' });
    window.removeEventListener(PRACTICE_CHANGED_EVENT, onEvent);
    expect(localStorage.getItem(PRACTICE_ID_KEY)).toBe('12');
    expect(localStorage.getItem(PRACTICE_NAME_KEY)).toBe('Riverside Dental');
    expect(getSelectedPractice()).toEqual({ id: 12, name: 'Riverside Dental' });
    expect(seen).toEqual([{ id: 12, name: 'Riverside Dental' }]);
  });

  it('does not raise the event when the same practice is chosen again', () => {
    setSelectedPractice({ id: 1, name: 'A' });
    const listener = vi.fn();
    addPracticeChangedListener(listener);
    setSelectedPractice({ id: 1, name: 'A' });
    expect(listener).not.toHaveBeenCalled();
  });

  it('removes every registered listener at once', () => {
    const a = vi.fn();
    const b = vi.fn();
    addPracticeChangedListener(a);
    addPracticeChangedListener(b);
    removeAllPracticeChangedListeners();
    setSelectedPractice({ id: 2, name: 'B' });
    expect(a).not.toHaveBeenCalled();
    expect(b).not.toHaveBeenCalled();
    expect(practiceListenerCount()).toBe(0);
  });

  it('removes all listeners before every navigation', async () => {
    const router = createAppRouter([
      { path: '/', element: null },
      { path: '/next', element: null },
    ]);
    const listener = vi.fn();
    addPracticeChangedListener(listener);
    expect(practiceListenerCount()).toBe(1);
    await router.navigate('/next');
    expect(practiceListenerCount()).toBe(0);
    setSelectedPractice({ id: 3, name: 'C' });
    expect(listener).not.toHaveBeenCalled();
    router.dispose();
  });
});
