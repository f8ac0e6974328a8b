import { useCallback, useEffect, useRef, useState } from 'react';
import { postJson } from '../api/client';
import type { GeneratedIdentity } from '../api/types';

/** Spec 2: opening the create tab generates one ID (POST /users/generate-id) if none exists yet. */
export function useGeneratedIdentity(active: boolean) {
  const [identity, setIdentity] = useState<GeneratedIdentity | null>(null);
  const [failed, setFailed] = useState(false);
  const requested = useRef(false);

  const generate = useCallback(async () => {
    requested.current = true;
    setFailed(false);
    try {
      setIdentity(await postJson<GeneratedIdentity>('/users/generate-id', {}));
    } catch (error) {
      console.error('ID generation failed', error);
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    if (active && !requested.current) void generate();
  }, [active, generate]);

  return { identity, failed, retry: generate };
}
