import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { LANGUAGE_NATIVE_NAMES } from '@parley/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/client';
import { LoadingState } from '../../shared/components/States';
import { currentLanguage } from '../../shared/i18n';
import { useHelpArticle } from './api';
import { sanitizeHelpHtml } from './sanitize';

function HelpHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHelpHtml(html), [html]);
  return (
    <Box
      className="help-content"
      data-testid="help-content"
      sx={{
        typography: 'body2',
        lineHeight: 1.7,
        '& h1, & h2, & h3, & h4': { mt: 2, mb: 1, lineHeight: 1.3 },
        '& h1': { typography: 'h6' },
        '& h2': { typography: 'subtitle1', fontWeight: 600 },
        '& h3, & h4': { typography: 'subtitle2' },
        '& ul, & ol': { pl: 3 },
        '& code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
        '& pre': { bgcolor: 'action.hover', p: 1.5, borderRadius: 1, overflowX: 'auto' },
        '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
        '& a': { color: 'primary.main' },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above with DOMPurify (allow-list of tags)
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

/** The help article for a page path (its own chunk: it brings DOMPurify). */
export default function HelpContent({ path }: { path: string }) {
  const { t, i18n } = useTranslation();
  void i18n.language;
  const language = currentLanguage();
  const help = useHelpArticle(path, language, true);

  if (help.isPending) return <LoadingState label={t('help.loading')} />;
  if (help.isError) {
    // The server answered an error, or the request itself failed (network, unreadable answer).
    const message = isApiError(help.error) ? t('help.loadFailed') : t('help.loadError');
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void help.refetch()} disabled={help.isFetching}>
            {t('common.retry')}
          </Button>
        }
      >
        {message}
      </Alert>
    );
  }
  const result = help.data;
  if (result.kind === 'not_found') {
    return (
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 6, color: 'text.secondary' }}>
        <HelpOutlineIcon sx={{ fontSize: 48 }} />
        <Typography>{t('help.notFound')}</Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      {result.kind === 'fallback' ? (
        <Alert severity="info" data-testid="help-fallback-note">
          {t('help.fallbackNote', { language: LANGUAGE_NATIVE_NAMES[language] })}
        </Alert>
      ) : null}
      <Typography variant="h6" component="h2">
        {result.title}
      </Typography>
      <HelpHtml html={result.content} />
    </Stack>
  );
}
