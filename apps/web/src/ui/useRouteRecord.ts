import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';

/**
 * The record a detail page shows: the route's `:id` and the query that loads it (only for a
 * positive whole id). `missing`: the id is not a whole number or the record could not be loaded.
 */
export function useRouteRecord<Record>(key: string, fetch: (id: number) => Promise<Record>) {
  const params = useParams();
  const id = Number(params.id);
  const query = useQuery({ queryKey: [key, id], queryFn: () => fetch(id), enabled: Number.isInteger(id) && id > 0 });
  return { id, query, missing: query.isError || !Number.isInteger(id) };
}
