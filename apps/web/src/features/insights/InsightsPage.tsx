import { hasRoleAtLeast, type InsightForm as InsightFormValues } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';
import { SectionCard } from '../../shared/components/SectionCard';
import { InsightForm } from './InsightForm';
import { InsightHistory } from './InsightHistory';

/** What the insight page passes here to ask an insight again (router state: it survives a reload). */
export interface AskAgainState {
  askAgain?: InsightFormValues;
}

/** /projects/:id/analytics/insights: ask a question over the project's analyses, and the insights asked. */
export default function InsightsPage() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const location = useLocation();
  const initial = (location.state as AskAgainState | null)?.askAgain;
  const canDelete = hasRoleAtLeast(project.my_role, 'admin') && !project.read_only;
  return (
    <Page title={t('nav.insights')} subtitle={t('insights.subtitle')}>
      <InsightForm key={location.key} initial={initial} />
      <SectionCard title={t('insights.history.title')} testId="insight-history">
        <InsightHistory projectId={project.id} canDelete={canDelete} />
      </SectionCard>
    </Page>
  );
}
