import i18next from 'i18next';
import { brandBodySchema, dentalPracticeBodySchema, receiveBodySchema } from '@enamel/contracts';
import { describe, expect, it } from 'vitest';
import { bodyFieldErrors } from './contractValidation.ts';

const t = i18next.t.bind(i18next);

describe('bodyFieldErrors', () => {
  it('passes what the schema accepts, after its own trimming and empty-to-null', () => {
    expect(bodyFieldErrors(brandBodySchema, { name: ' Nitrilon ', manufacturer: '', website: null }, t)).toBeNull();
    expect(bodyFieldErrors(receiveBodySchema, { dental_practice_id: 1, product_id: 2, quantity: '2.5', unit_cost: null, expiry_date: null }, t)).toBeNull();
  });

  it('tells each field in the API’s words: missing, too long, unknown, a refinement, a NUL character', () => {
    expect(bodyFieldErrors(brandBodySchema, { name: 'n'.repeat(121), colour: 'red', website: 'ftp://x' }, t)).toEqual({
      name: ['Must be at most 120 characters.'],
      colour: ['This field is not accepted.'],
      website: ['This value is not valid.'],
    });
    expect(bodyFieldErrors(receiveBodySchema, { dental_practice_id: 1, quantity: '0', lot_number: 'A\u0000' }, t)).toEqual({
      lot_number: ['This text contains a NUL character (U+0000), which is not allowed.'],
      product_id: ['This field is required.'],
      quantity: ['Must be greater than zero.'],
    });
  });

  it('leaves time zones and currencies to the server (the browser’s Intl lists may differ from its)', () => {
    const practice = { name: 'Smile', code: 'SM', time_zone: 'Nowhere/Else', currency: 'XYZ' };
    expect(bodyFieldErrors(dentalPracticeBodySchema, practice, t)).toBeNull();
    expect(bodyFieldErrors(dentalPracticeBodySchema, { ...practice, code: '' }, t)).toEqual({ code: ['This field is required.', 'This value is not valid.'] });
  });
});
