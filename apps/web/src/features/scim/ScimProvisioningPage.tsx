import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../shared/components/Page';
import { ScimProvisioningCard } from './ScimProvisioningCard';

/** The SCIM card of one SSO connection on a page of its own (/admin/sso/:connectionId/scim). */
export default function ScimProvisioningPage() {
  const { t } = useTranslation();
  const connectionId = Number(useParams().connectionId);
  return (
    <Page title={t('scim.pageTitle')} form>
      <ScimProvisioningCard connectionId={connectionId} />
    </Page>
  );
}
