import { useCallback, useEffect, useState } from 'react';
import { initialModuleId, LAST_MODULE_KEY, type ModuleView } from './model';

/** The selected module, remembered in localStorage (spec 4). */
export function useSelectedModule(modules: ModuleView[]): [number | null, (id: number) => void] {
  const [selected, setSelected] = useState<number | null>(null);
  useEffect(() => {
    if (modules.length === 0) return;
    setSelected((current) => (current != null && modules.some((module) => module.id === current) ? current : initialModuleId(modules, localStorage.getItem(LAST_MODULE_KEY))));
  }, [modules]);
  const select = useCallback((id: number) => {
    setSelected(id);
    try {
      localStorage.setItem(LAST_MODULE_KEY, String(id));
    } catch {
      // Storage disabled: the choice lasts for this visit only.
    }
  }, []);
  return [selected, select];
}
