// A small NavigationHandler for a flat list of activities (one organization, no sequencing
// rules): SN 4.2 controlMode flow/choice decide what adl.nav.request_valid answers.
import type { NavigationHandler, RequestValidity } from './navigation.js';

export interface FlowNavigationOptions {
  /** Item identifiers of the launchable activities, in tree order. */
  readonly activities: readonly string[];
  readonly current: string;
  /** imsss:controlMode flow (default false). */
  readonly flow?: boolean;
  /** imsss:controlMode choice (default true). */
  readonly choice?: boolean;
}

export function createFlowNavigation(options: FlowNavigationOptions): NavigationHandler {
  const { activities, current } = options;
  const position = activities.indexOf(current);
  const flow = options.flow ?? false;
  const choice = options.choice ?? true;
  const bool = (value: boolean): RequestValidity => (value ? 'true' : 'false');
  return {
    isRequestValid(kind, target) {
      switch (kind) {
        case 'continue':
          return bool(flow && position >= 0 && position < activities.length - 1);
        case 'previous':
          return bool(flow && position > 0);
        case 'choice':
          return bool(choice && target !== undefined && activities.includes(target));
        case 'jump':
          return bool(target !== undefined && activities.includes(target));
      }
    },
  };
}
