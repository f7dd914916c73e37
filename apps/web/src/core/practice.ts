import { useEffect, useSyncExternalStore } from 'react';

/** localStorage keys of the client contract (docs/client-contract.md#selected-practice). */
export const PRACTICE_ID_KEY = 'selectedDentalPracticeId';
export const PRACTICE_NAME_KEY = 'selectedDentalPracticeName';
export const PRACTICE_CHANGED_EVENT = 'dental-practice-changed';

export interface SelectedPractice {
  id: number;
  name: string;
}
export type PracticeChangedEvent = CustomEvent<SelectedPractice | { id: null; name: null }>;

function read(): SelectedPractice | null {
  const id = Number(localStorage.getItem(PRACTICE_ID_KEY));
  const name = localStorage.getItem(PRACTICE_NAME_KEY);
  return Number.isInteger(id) && id > 0 && name !== null ? { id, name } : null;
}

let snapshot: SelectedPractice | null = null;
let loaded = false;
const subscribers = new Set<() => void>();

export function getSelectedPractice(): SelectedPractice | null {
  if (!loaded) {
    snapshot = read();
    loaded = true;
  }
  return snapshot;
}

function publish(next: SelectedPractice | null): void {
  snapshot = next;
  loaded = true;
  subscribers.forEach((notify) => notify());
}

/** Remembers the practice and tells the page through the `dental-practice-changed` event. */
export function setSelectedPractice(practice: SelectedPractice): void {
  const current = getSelectedPractice();
  localStorage.setItem(PRACTICE_ID_KEY, String(practice.id));
  localStorage.setItem(PRACTICE_NAME_KEY, practice.name);
  publish({ id: practice.id, name: practice.name });
  if (current?.id === practice.id && current.name === practice.name) return;
  window.dispatchEvent(new CustomEvent(PRACTICE_CHANGED_EVENT, { detail: { id: practice.id, name: practice.name } }));
}

/** Forgets the practice (e.g. it is no longer visible to the user). */
export function clearSelectedPractice(): void {
  const had = getSelectedPractice() !== null;
  localStorage.removeItem(PRACTICE_ID_KEY);
  localStorage.removeItem(PRACTICE_NAME_KEY);
  publish(null);
  if (had) window.dispatchEvent(new CustomEvent(PRACTICE_CHANGED_EVENT, { detail: { id: null, name: null } }));
}

/** Re-reads storage after something cleared it wholesale (logout). */
export function reloadSelectedPractice(): void {
  publish(read());
}

// Listeners added by screens; all of them go before every navigation (docs/client-contract.md#selected-practice).
const listeners = new Set<EventListener>();

export function addPracticeChangedListener(listener: (event: PracticeChangedEvent) => void): () => void {
  const wrapped: EventListener = (event) => listener(event as PracticeChangedEvent);
  listeners.add(wrapped);
  window.addEventListener(PRACTICE_CHANGED_EVENT, wrapped);
  return () => {
    listeners.delete(wrapped);
    window.removeEventListener(PRACTICE_CHANGED_EVENT, wrapped);
  };
}

export function removeAllPracticeChangedListeners(): void {
  listeners.forEach((listener) => window.removeEventListener(PRACTICE_CHANGED_EVENT, listener));
  listeners.clear();
}

export function practiceListenerCount(): number {
  return listeners.size;
}

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** The selected practice as React state (used by the shell, which outlives navigations). */
export function useSelectedPractice(): SelectedPractice | null {
  return useSyncExternalStore(subscribe, getSelectedPractice, getSelectedPractice);
}

/**
 * Runs `handler` on `dental-practice-changed` for the current screen. Registered again after each
 * navigation (`navigationKey`), because every navigation removes all such listeners.
 */
export function usePracticeChanged(handler: (event: PracticeChangedEvent) => void, navigationKey: string): void {
  useEffect(() => addPracticeChangedListener(handler), [handler, navigationKey]);
}
