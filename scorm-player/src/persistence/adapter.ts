// Persistence: where a course's run-time data is loaded from and saved to.
import type { TrackingData } from '../runtime/api-state.js';

/** The platform's tracking payload (platform spec section 3 "Tracking payload"). */
export interface SavePayload {
  readonly tracking_data: TrackingData;
  /** Total time, HH:MM:SS. */
  readonly time_spent: string;
  readonly is_final: boolean;
}

export interface SaveOptions {
  /** The page is going away: the request must outlive it (fetch keepalive). */
  readonly keepalive?: boolean;
}

export interface PersistenceAdapter {
  /** A stable name for this course's data, used to keep failed saves in localStorage. */
  readonly key: string;
  /** The data saved before, or null when there is none yet (HTTP 404 = start empty). */
  load(): Promise<TrackingData | null>;
  /** Rejects when the data was not stored; the caller keeps it and retries. */
  save(payload: SavePayload, options?: SaveOptions): Promise<void>;
}

/** Keeps data in memory only: for previews, tests and hosts that persist through the events. */
export function createMemoryAdapter(initial: TrackingData | null = null, key = 'memory'): PersistenceAdapter & { readonly saved: SavePayload[] } {
  let current = initial;
  const saved: SavePayload[] = [];
  return {
    key,
    saved,
    load: async () => (current ? { ...current } : null),
    save: async (payload) => {
      current = { ...payload.tracking_data };
      saved.push(payload);
    },
  };
}
