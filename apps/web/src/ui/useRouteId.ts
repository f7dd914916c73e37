import { useParams } from 'react-router';

/** The record a create-or-edit page edits: the route's `:id`, undefined on the create route. */
export function useRouteId(): { id: number | undefined; editing: boolean } {
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  return { id, editing: id !== undefined };
}
