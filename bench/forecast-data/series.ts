/** The benchmark's series as the JSON files hold them (made by make-weekly.ts, read by ../forecast-accuracy.ts). */
export interface Series {
  id: string;
  train: number[];
  test: number[];
}

/** A series of the lifecycle set: a switch, a stop or a launch (make-weekly.ts says how each is made). */
export interface LifecycleSeries extends Series {
  kind: 'switch' | 'stop' | 'launch';
  predecessor?: number[];
  sinceSuccession?: number;
  factor?: number;
  silent?: number;
  sinceLaunch?: number;
  procedureMean?: number;
}
