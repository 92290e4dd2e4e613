import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Button,
  Chip,
  IconButton,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { PROVIDER_NAMES, type Prompt } from '@parley/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useDeletePrompt, useModelCatalog, usePrompts } from '../../shared/api/prompts';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { Page } from '../../shared/components/Page';
import { EmptyState, QueryContent } from '../../shared/components/States';
import { formatNumber } from './units';

function formatDate(value: string | undefined, language: string): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * Highlights the prompt named by ?highlight={id} (a copy just saved here from another project's form) and
 * scrolls to it; the highlight stays until the user's next click or key press.
 */
function useHighlightedPrompt(loaded: boolean) {
  const [params, setParams] = useSearchParams();
  const highlightId = Number(params.get('highlight')) || null;
  const rowRef = useRef<HTMLTableRowElement>(null);

  useEffect(() => {
    if (loaded && highlightId !== null)
      rowRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [loaded, highlightId]);

  useEffect(() => {
    if (highlightId === null) return;
    const clear = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('highlight');
          return next;
        },
        { replace: true },
      );
    const options = { once: true, capture: true } as const;
    window.addEventListener('pointerdown', clear, options);
    window.addEventListener('keydown', clear, options);
    return () => {
      window.removeEventListener('pointerdown', clear, options);
      window.removeEventListener('keydown', clear, options);
    };
  }, [highlightId, setParams]);

  return { highlightId, rowRef };
}

/** /projects/{id}/prompts: the project's analysis prompts with create, edit, clone and delete. */
export default function PromptsPage() {
  const { t, i18n } = useTranslation();
  const project = useCurrentProject();
  // Seen through a support-access grant: prompts can be opened and read, not created, cloned or deleted.
  const readOnly = Boolean(project.read_only);
  const prompts = usePrompts(project.id);
  const errorMessage = useErrorMessage();
  const remove = useDeletePrompt(project.id);
  const [toDelete, setToDelete] = useState<Prompt | null>(null);
  const base = `/projects/${project.id}/prompts`;
  const { highlightId, rowRef } = useHighlightedPrompt(prompts.isSuccess);

  const providers = useMemo(
    () => [...new Set((prompts.data ?? []).map((prompt) => prompt.provider))].sort(),
    [prompts.data],
  );
  const catalog = useModelCatalog(providers);
  const modelName = (prompt: Prompt) =>
    catalog.get(prompt.provider)?.find((model) => model.model === prompt.model)?.display_name ?? prompt.model;

  const createButton = (
    <Button
      {...(readOnly ? { disabled: true } : { component: RouterLink, to: `${base}/new` })}
      variant="contained"
      startIcon={<AddIcon />}
    >
      {t('prompts.list.create')}
    </Button>
  );

  const closeDelete = () => {
    setToDelete(null);
    remove.reset();
  };

  const body = (
    <QueryContent
      query={prompts}
      loadingLabel={t('prompts.list.loading')}
      errorTitle={t('prompts.list.loadError')}
      isEmpty={(data) => data.length === 0}
      empty={
        <EmptyState
          icon={<DescriptionOutlinedIcon />}
          title={t('prompts.list.emptyTitle')}
          description={t('prompts.list.emptyDescription')}
          action={createButton}
        />
      }
    >
      {(data) => (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('nav.prompts')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('prompts.list.columns.name')}</TableCell>
                <TableCell>{t('prompts.list.columns.role')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {t('prompts.list.columns.model')}
                </TableCell>
                <TableCell align="right">{t('prompts.list.columns.fields')}</TableCell>
                <TableCell align="right">{t('prompts.list.columns.units')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('prompts.list.columns.updated')}
                </TableCell>
                <TableCell align="right">{t('prompts.list.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((prompt) => {
                const editPath = `${base}/edit?promptName=${encodeURIComponent(prompt.scriptName)}`;
                const highlighted = prompt.id === highlightId;
                return (
                  <TableRow
                    key={prompt.id}
                    hover
                    data-testid={`prompt-row-${prompt.id}`}
                    {...(highlighted ? { ref: rowRef, selected: true, 'aria-current': true } : {})}
                  >
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Link component={RouterLink} to={editPath} sx={{ fontWeight: 500 }}>
                          {prompt.scriptName}
                        </Link>
                        {prompt.isClassification ? (
                          <Chip size="small" variant="outlined" label={t('prompts.list.classification')} />
                        ) : null}
                        {highlighted ? (
                          <Chip size="small" color="success" label={t('prompts.list.newCopy')} />
                        ) : null}
                      </Stack>
                    </TableCell>
                    <TableCell>{t(`projectRoles.${prompt.role}`, { defaultValue: prompt.role })}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      <Typography variant="body2">{modelName(prompt)}</Typography>
                      <Typography variant="caption" color="textSecondary">
                        {PROVIDER_NAMES[prompt.provider] ?? prompt.provider}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{(prompt.content ?? []).length}</TableCell>
                    <TableCell align="right">
                      {typeof prompt.units === 'number' ? formatNumber(prompt.units, i18n.language) : '—'}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                      {formatDate(prompt.updated_at, i18n.language)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={t('prompts.list.edit')}>
                        <IconButton
                          component={RouterLink}
                          to={editPath}
                          aria-label={t('prompts.list.editNamed', { name: prompt.scriptName })}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('prompts.list.clone')}>
                        <span>
                          <IconButton
                            {...(readOnly
                              ? { disabled: true }
                              : {
                                  component: RouterLink,
                                  to: `${base}/new?clone=${encodeURIComponent(prompt.scriptName)}`,
                                })}
                            aria-label={t('prompts.list.cloneNamed', { name: prompt.scriptName })}
                          >
                            <ContentCopyIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={t('prompts.list.delete')}>
                        <span>
                          <IconButton
                            color="error"
                            onClick={() => setToDelete(prompt)}
                            disabled={readOnly}
                            aria-label={t('prompts.list.deleteNamed', { name: prompt.scriptName })}
                          >
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </QueryContent>
  );

  return (
    <Page
      title={t('nav.prompts')}
      subtitle={t('prompts.list.subtitle')}
      actions={prompts.isSuccess && prompts.data.length > 0 ? createButton : undefined}
    >
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('prompts.list.deleteTitle')}
        message={t('prompts.list.deleteMessage', { name: toDelete?.scriptName ?? '' })}
        confirmLabel={t('prompts.list.delete')}
        destructive
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : undefined}
        onClose={closeDelete}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSuccess: closeDelete });
        }}
      />
    </Page>
  );
}
