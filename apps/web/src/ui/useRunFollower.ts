import { useQuery, type QueryKey } from '@tanstack/react-query';
import { isActiveRun } from '@enamel/contracts';

export interface RunFollowerOptions<T> {
  queryKey: QueryKey;
  fetch: (signal: AbortSignal) => Promise<T>;
  /** The status of the run followed (or of each run of a list): it is asked again while any is queued or running. */
  statuses: (data: T) => string | readonly string[];
  enabled?: boolean;
  initialData?: T;
  /** How often while a run is under way (default every second). */
  intervalMs?: number;
  /** How often once none is (default: not at all; a history that new runs may join keeps asking). */
  idleIntervalMs?: number;
  /** A page in the background still hears when its run has finished. */
  inBackground?: boolean;
  /** Called with each answer in which no run is under way any more (refresh what shows its result). */
  onFinished?: (data: T) => void;
}

const underWay = <T>(data: T, statuses: RunFollowerOptions<T>['statuses']) => [statuses(data)].flat().some(isActiveRun);

/** Follows any background run (an import, an export, a forecast run, scheduler runs) until it leaves queued and running. */
export function useRunFollower<T>(options: RunFollowerOptions<T>) {
  const { statuses, onFinished } = options;
  return useQuery({
    queryKey: options.queryKey,
    queryFn: async ({ signal }) => {
      const data = await options.fetch(signal);
      if (!underWay(data, statuses)) onFinished?.(data);
      return data;
    },
    enabled: options.enabled ?? true,
    ...(options.initialData !== undefined ? { initialData: options.initialData } : {}),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data === undefined || underWay(data, statuses)) return options.intervalMs ?? 1000;
      return options.idleIntervalMs ?? false;
    },
    refetchIntervalInBackground: options.inBackground ?? false,
    retry: false,
  });
}
