import { Box, Typography } from '@mui/material';
import type { ReceiverKind } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { GENERIC_BODY_EXAMPLE, SETUP_STEPS } from './kinds';

/** How to point the phone system at a receiver, per kind: numbered steps, and a generic receiver's body. */
export function ReceiverSetup({ kind }: { kind: ReceiverKind }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="receiver-setup">
      <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
        {SETUP_STEPS.map((step) => (
          <Typography key={step} component="li" variant="body2">
            {t(`receivers.setup.${kind}.${step}`)}
          </Typography>
        ))}
      </Box>
      {kind === 'generic' ? (
        <>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5, mb: 0.5 }}>
            {t('receivers.setup.generic.bodyExample')}
          </Typography>
          <Box
            component="pre"
            sx={{
              m: 0,
              p: 1.5,
              bgcolor: 'grey.50',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              fontSize: 13,
              overflow: 'auto',
            }}
          >
            {GENERIC_BODY_EXAMPLE}
          </Box>
        </>
      ) : null}
    </Box>
  );
}
