import { Box, Typography } from '@mui/material';
import { API_KEY, type Project } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { usePrompts } from '../../shared/api/prompts';
import { defaultUploadPrompt } from '../../shared/api/upload';
import { SettingsSection } from '../../shared/components/SettingsSection';

/**
 * A short 'How to use' box: upload with the key as a Bearer token, then check the analysis. The example
 * names the prompt the upload panel would preselect (defaultUploadPrompt).
 */
export function ApiKeysHowTo({ project }: { project: Project }) {
  const { t } = useTranslation();
  const prompts = usePrompts(project.id);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const base = `${origin}/api/projects/${project.id}`;
  const prompt =
    defaultUploadPrompt(prompts.data ?? [], project)?.id ?? project.default_prompt_id ?? '<prompt_id>';
  const example = [
    `export PARLEY_KEY=${API_KEY.prefix}…`,
    '',
    `curl -H "Authorization: Bearer $PARLEY_KEY" \\`,
    `  -F prompt_id=${prompt} -F 'metadata={"Department":"Sales","Representative":"Ann"}' \\`,
    `  -F file=@call.mp3 ${base}/uploads`,
    '',
    `# ${t('settings.apiKeys.howToStatus')}`,
    `curl -H "Authorization: Bearer $PARLEY_KEY" ${base}/analyses/<task_id>`,
  ].join('\n');
  return (
    <SettingsSection
      title={t('settings.apiKeys.howToTitle')}
      description={t('settings.apiKeys.howToDescription')}
      testId="api-keys-howto"
    >
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 2,
          borderRadius: 1,
          bgcolor: 'grey.900',
          color: 'grey.100',
          fontSize: 13,
          overflowX: 'auto',
          whiteSpace: 'pre',
        }}
      >
        {example}
      </Box>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
        {t('settings.apiKeys.howToNote')}
      </Typography>
    </SettingsSection>
  );
}
