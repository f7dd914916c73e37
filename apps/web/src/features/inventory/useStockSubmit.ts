import type { UseFormReturnType } from '@mantine/form';
import { contractCall, type BodySchema } from '../../ui/contractValidation.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';

/**
 * Submits a stock movement in the practice: the form's body gets the practice's `dental_practice_id`, is checked
 * with the contract's schema and sent (see useFormSubmit).
 */
export function useStockSubmit<Values extends Record<string, unknown>, Body extends { dental_practice_id: number }, Result>(
  form: UseFormReturnType<Values>,
  practiceId: number,
  schema: BodySchema<Body>,
  toBody: (values: Values) => Omit<Body, 'dental_practice_id'>,
  send: (body: Body) => Promise<Result>,
  onSaved: (result: Result) => void | Promise<void>,
) {
  return useFormSubmit(form, contractCall(schema, (values: Values) => ({ dental_practice_id: practiceId, ...toBody(values) }) as Body, send), onSaved);
}
