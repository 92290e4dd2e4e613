import { useMe } from '../auth/api';
import { NoPermission } from '../projects/ProjectGuard';
import PlaceholderPage from './PlaceholderPage';

/** /support (support staff and super admins) and /admin/super (super admins), not built yet. */
export default function AccountAreaPage({ area }: { area: 'support' | 'superAdmin' }) {
  const { data: user } = useMe();
  const allowed =
    area === 'support'
      ? Boolean(user?.is_super_admin || user?.role === 'support')
      : Boolean(user?.is_super_admin);
  if (!allowed) return <NoPermission />;
  return <PlaceholderPage navKey={area} />;
}
