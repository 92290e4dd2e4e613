import type { Project } from '@parley/contracts';
import type { ToastMessage } from '../../shared/components/Toast';

/** What the settings page gives each of its tabs. */
export type Notify = (message: ToastMessage) => void;

export interface TabProps {
  project: Project;
  notify: Notify;
  /**
   * The project is seen through a support-access grant (`project.read_only`): the server refuses every
   * change, so every control that writes is disabled; reading (tables, paging, copying) stays possible.
   */
  readOnly: boolean;
}
