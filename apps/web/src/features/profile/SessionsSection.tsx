import ComputerOutlinedIcon from '@mui/icons-material/ComputerOutlined';
import DevicesOtherOutlinedIcon from '@mui/icons-material/DevicesOtherOutlined';
import PhoneIphoneOutlinedIcon from '@mui/icons-material/PhoneIphoneOutlined';
import TabletMacOutlinedIcon from '@mui/icons-material/TabletMacOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { type Session, type SessionDeviceType, SIGN_IN_METHODS, type SignInMethod } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMySessions, useRevokeSession, useSignOutOtherSessions } from '../../shared/api/sessions';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { QueryContent } from '../../shared/components/States';
import { formatRelativeTime } from '../../shared/format/relativeTime';
import { formatDate } from '../../shared/utils/displayDates';
import { Section } from './Section';

const DEVICE_ICONS: Record<SessionDeviceType, typeof ComputerOutlinedIcon> = {
  desktop: ComputerOutlinedIcon,
  mobile: PhoneIphoneOutlinedIcon,
  tablet: TabletMacOutlinedIcon,
  unknown: DevicesOtherOutlinedIcon,
};

const isKnownMethod = (method: string): method is SignInMethod =>
  (SIGN_IN_METHODS as readonly string[]).includes(method);

/** "Chrome on macOS", or as much of it as the browser told. */
function useDeviceName() {
  const { t } = useTranslation();
  return (session: Pick<Session, 'browser' | 'os'>) => {
    const browser = session.browser ?? t('sessions.unknownBrowser');
    return session.os ? t('sessions.browserOn', { browser, os: session.os }) : browser;
  };
}

/** Profile → the browsers signed in to my account: sign out any one of the others, or all of them at once. */
export function SessionsSection() {
  const { t } = useTranslation();
  const query = useMySessions();
  const signOutOthers = useSignOutOtherSessions();
  const errorMessage = useErrorMessage();
  const [confirming, setConfirming] = useState(false);

  return (
    <Section title={t('sessions.title')} description={t('sessions.description')}>
      <Box data-testid="sessions-section">
        <QueryContent query={query} loadingLabel={t('sessions.loading')} errorTitle={t('sessions.loadError')}>
          {(sessions) => {
            const others = sessions.filter((session) => !session.current).length;
            return (
              <Stack spacing={2}>
                {signOutOthers.isSuccess ? (
                  <Alert severity="success">
                    {t('sessions.signedOutOthers', { count: signOutOthers.data.signed_out })}
                  </Alert>
                ) : null}
                <List disablePadding aria-label={t('sessions.title')}>
                  {sessions.map((session) => (
                    <SessionRow key={session.id} session={session} />
                  ))}
                </List>
                {others === 0 ? (
                  <Typography variant="body2" color="textSecondary">
                    {t('sessions.noOthers')}
                  </Typography>
                ) : null}
                <Box>
                  <Button
                    variant="outlined"
                    color="error"
                    disabled={others === 0}
                    onClick={() => {
                      signOutOthers.reset();
                      setConfirming(true);
                    }}
                  >
                    {t('sessions.signOutOthers')}
                  </Button>
                </Box>
              </Stack>
            );
          }}
        </QueryContent>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('sessions.signOutOthersTitle')}
        message={t('sessions.signOutOthersMessage')}
        confirmLabel={t('sessions.signOutOthers')}
        onConfirm={() => signOutOthers.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
        busy={signOutOthers.isPending}
        error={signOutOthers.isError ? errorMessage(signOutOthers.error) : undefined}
        destructive
      />
    </Section>
  );
}

function SessionRow({ session }: { session: Session }) {
  const { t, i18n } = useTranslation();
  const deviceName = useDeviceName();
  const revoke = useRevokeSession();
  const errorMessage = useErrorMessage();
  const Icon = DEVICE_ICONS[session.device];
  const name = deviceName(session);
  const method = session.sign_in_method;
  const details = [
    session.ip ? t('sessions.ip', { ip: session.ip }) : null,
    session.current
      ? t('sessions.activeNow')
      : t('sessions.lastActive', { when: formatRelativeTime(session.last_seen_at, i18n.language) }),
    method
      ? t('sessions.signedInWith', {
          method: isKnownMethod(method) ? t(`sessions.methods.${method}`) : method,
          date: formatDate(session.created_at, i18n.language),
        })
      : t('sessions.signedInOn', { date: formatDate(session.created_at, i18n.language) }),
  ].filter(Boolean);

  return (
    <ListItem
      divider
      disableGutters
      data-testid="session-row"
      secondaryAction={
        session.current ? null : (
          <Button
            size="small"
            color="error"
            onClick={() => revoke.mutate(session.id)}
            disabled={revoke.isPending}
            aria-label={t('sessions.signOutNamed', { name })}
          >
            {t('sessions.signOut')}
          </Button>
        )
      }
      sx={{ pr: session.current ? 0 : 12, alignItems: 'flex-start' }}
    >
      <ListItemIcon sx={{ mt: 1, minWidth: 44 }}>
        <Icon aria-hidden />
      </ListItemIcon>
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{name}</span>
            {session.current ? (
              <Chip size="small" color="primary" variant="outlined" label={t('sessions.thisDevice')} />
            ) : null}
          </Stack>
        }
        secondary={
          <>
            {details.join(' · ')}
            {revoke.isError ? (
              <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
                {errorMessage(revoke.error)}
              </Typography>
            ) : null}
          </>
        }
      />
    </ListItem>
  );
}
