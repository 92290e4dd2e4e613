import { Tab, Tabs } from '@mui/material';
import { isProjectManager } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';
import { scrollableTabs } from '../../shared/components/scrollableTabs';
import { AssignmentsTab } from './AssignmentsTab';
import { CalibrationTab } from './CalibrationTab';
import { MyQueueTab } from './MyQueueTab';
import { RulesTab } from './RulesTab';

const TABS = ['queue', 'assignments', 'rules', 'calibration'] as const;
type ReviewsTab = (typeof TABS)[number];
const MEMBER_TABS: readonly ReviewsTab[] = ['queue', 'calibration'];

/**
 * /projects/{id}/reviews (issue 35 parts 4 and 5): my queue and the calibration sessions (every member), the
 * assignments overview and the sampling rules (admins and owners). The tab is a query parameter (?tab=rules), so the page keeps one help article.
 */
export default function ReviewQueuePage() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const manager = isProjectManager(project.my_role);
  const tabs = manager ? TABS : MEMBER_TABS;
  const asked = params.get('tab') as ReviewsTab | null;
  const tab: ReviewsTab = asked && tabs.includes(asked) ? asked : 'queue';

  const choose = (next: ReviewsTab) =>
    setParams((current) => {
      const changed = new URLSearchParams(current);
      if (next === 'queue') changed.delete('tab');
      else changed.set('tab', next);
      // The week and status carry over; the overview's own filters and the page do not.
      for (const name of ['page', 'reviewer_id', 'rule_id']) changed.delete(name);
      return changed;
    });

  return (
    <Page title={t('nav.reviewQueue')} subtitle={t('reviewQueue.subtitle')}>
      <Tabs
        value={tab}
        onChange={(_event, next: ReviewsTab) => choose(next)}
        {...scrollableTabs}
        sx={{ mb: 2 }}
        aria-label={t('reviewQueue.tabs.label')}
      >
        {tabs.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`reviewQueue.tabs.${value}`)}
            data-testid={`reviews-tab-${value}`}
          />
        ))}
      </Tabs>
      {tab === 'queue' ? <MyQueueTab projectId={project.id} /> : null}
      {tab === 'assignments' ? <AssignmentsTab projectId={project.id} /> : null}
      {tab === 'rules' ? (
        <RulesTab projectId={project.id} timeZone={project.timezone} readOnly={Boolean(project.read_only)} />
      ) : null}
      {tab === 'calibration' ? <CalibrationTab projectId={project.id} timeZone={project.timezone} /> : null}
    </Page>
  );
}
