import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import fr from '../../public/locales/fr/translation.json';
import { renderRoutes } from '../../test/render.tsx';
import { DateField } from './DateField.tsx';
import { loadCalendarLocale } from './DateFieldInput.tsx';

/** A DateField holding its value, as a form does; every value it sends is kept in `sent`. */
function renderField(initial: string, withTime = false) {
  const sent: string[] = [];
  function Field() {
    const [value, setValue] = useState(initial);
    return (
      <DateField
        label="When"
        withTime={withTime}
        value={value}
        onChange={(next) => {
          sent.push(next);
          setValue(next);
        }}
        data-testid="field"
      />
    );
  }
  renderRoutes([{ path: '/', element: <Field /> }], '/');
  return sent;
}

/** Types into the field as a person does: focus (the calendar opens), the text, then Enter and leaving the field. */
function type(input: HTMLElement, text: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
  fireEvent.blur(input);
}

// jsdom lays nothing out, so the calendar's popover soon takes its field for detached and hides itself: the calendar's
// buttons are looked up hidden or not.
describe('DateField', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('takes a whole YYYY-MM-DD typed in, ignores a partial or impossible one (shown back as it was), and empties when cleared', async () => {
    const sent = renderField('2026-11-20');
    const input = await screen.findByTestId<HTMLInputElement>('field');
    expect(input.value).toBe('2026-11-20');

    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '2026-1' } });
    expect(sent).toEqual([]);
    fireEvent.change(input, { target: { value: '2026-12-03' } });
    expect(sent).toEqual(['2026-12-03']);
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    expect(input.value).toBe('2026-12-03');

    type(input, '2026-02-30');
    expect(sent).toEqual(['2026-12-03']);
    expect(input.value).toBe('2026-12-03');

    type(input, '');
    expect(sent).toEqual(['2026-12-03', '']);
    expect(input.value).toBe('');
  });

  it('with a time: typed as YYYY-MM-DD HH:mm, sent as a datetime-local value; a day picked in the calendar keeps the time', async () => {
    const sent = renderField('2026-11-20T10:30', true);
    const input = await screen.findByTestId<HTMLInputElement>('field');
    expect(input.value).toBe('2026-11-20 10:30');

    type(input, '2026-11-21 08:05');
    expect(sent).toEqual(['2026-11-21T08:05']);
    expect(input.value).toBe('2026-11-21 08:05');

    fireEvent.focus(input);
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('button', { name: '25 November 2026', hidden: true }));
    expect(sent).toEqual(['2026-11-21T08:05', '2026-11-25T08:05']);
    await waitFor(() => expect(input.value).toBe('2026-11-25 08:05'));
  });

  it('shows its calendar in the interface language, with translated labels', async () => {
    i18next.addResourceBundle('fr', 'translation', fr);
    await i18next.changeLanguage('fr');
    // As DateField does before its first render in a language (here the component has loaded in English already).
    await loadCalendarLocale('fr');
    renderField('2026-11-20');
    const input = await screen.findByTestId<HTMLInputElement>('field');
    expect(input.placeholder).toBe('AAAA-MM-JJ');
    fireEvent.focus(input);
    fireEvent.click(input);
    expect(await screen.findByRole('button', { name: 'Mois suivant', hidden: true })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Mois précédent', hidden: true })).toBeTruthy();
    // dayjs's French names, once its locale has loaded.
    await waitFor(() => expect(screen.getByRole('button', { name: '20 novembre 2026', hidden: true })).toBeTruthy());
    expect(screen.getByText('novembre 2026')).toBeTruthy();
  });
});
