import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from './constants.ts';

/**
 * The search box: what is typed shows at once and reaches the URL's view after a pause; a search changed
 * in the URL (a link, back/forward) shows in the box. A search typed just before leaving the screen is dropped.
 */
export function useDebouncedSearch(search: string, apply: (value: string) => void) {
  const [searchText, setSearchText] = useState(search);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchPending = useRef(false);
  const [syncedSearch, setSyncedSearch] = useState(search);
  if (syncedSearch !== search) {
    // The URL's search changed (a link, back/forward, or our own debounce): show it in the box.
    setSyncedSearch(search);
    if (!searchPending.current && searchText.trim() !== search.trim()) setSearchText(search);
  }
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  // A search typed just before leaving the screen must not pull the user back to it.
  const navigation = useNavigation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== 'idle';
  const onSearchInput = (value: string) => {
    setSearchText(value);
    clearTimeout(searchTimer.current);
    searchPending.current = true;
    const scheduledOn = window.location.pathname;
    searchTimer.current = setTimeout(() => {
      searchPending.current = false;
      if (leaving.current || window.location.pathname !== scheduledOn) return;
      if (value.trim() !== search.trim()) apply(value);
    }, SEARCH_DEBOUNCE_MS);
  };
  return { searchText, onSearchInput };
}
