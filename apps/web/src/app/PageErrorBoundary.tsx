import { Box, Button } from '@mui/material';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorState } from '../shared/components/States';

/**
 * Last-resort boundary: a page crashed or its code failed to load (e.g. after a deploy). Another location (the
 * browser's back button) renders the pages again. React logs the error.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation().key}>{children}</Boundary>;
}

interface BoundaryProps {
  location: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps, previousState: { failed: boolean }) {
    // Only a failure shown before this location: one on the way to it belongs to it.
    if (previousState.failed && previous.location !== this.props.location) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <PageError /> : this.props.children;
  }
}

function PageError() {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', mt: 8, px: 2 }}>
      <ErrorState title={t('errors.pageTitle')} message={t('errors.pageDescription')}>
        <Box sx={{ mt: 2 }}>
          <Button variant="outlined" color="inherit" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        </Box>
      </ErrorState>
    </Box>
  );
}
