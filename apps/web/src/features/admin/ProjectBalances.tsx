import {
  Alert,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type AdminProject, BILLING } from '@parley/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatUnits } from '../../shared/format/money';
import { useSeededPlanText } from '../billing/seededPlans';
import { QueryBody, Section } from './Section';

/** Every project with its balance, plan, units left and pending top-ups. */
export function ProjectBalances({ query }: { query: UseQueryResult<AdminProject[]> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const planText = useSeededPlanText();
  return (
    <Section title={t('admin.projects.title')}>
      <QueryBody query={query} errorTitle={t('admin.loadError')}>
        {(projects) =>
          projects.length === 0 ? (
            <Alert severity="info">{t('admin.projects.empty')}</Alert>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('admin.projects.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('admin.columns.project')}</TableCell>
                    <TableCell align="right">{t('admin.projects.columns.balance')}</TableCell>
                    <TableCell>{t('admin.projects.columns.plan')}</TableCell>
                    <TableCell align="right">{t('admin.projects.columns.unitsLeft')}</TableCell>
                    <TableCell>{t('admin.projects.columns.useBalance')}</TableCell>
                    <TableCell align="right">{t('admin.projects.columns.pending')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {projects.map((project) => (
                    <TableRow key={project.id} data-testid={`admin-project-${project.id}`}>
                      <TableCell>
                        {project.name}{' '}
                        <Typography component="span" variant="caption" color="textSecondary">
                          #{project.id}
                        </Typography>
                      </TableCell>
                      <TableCell
                        align="right"
                        sx={{
                          whiteSpace: 'nowrap',
                          fontWeight: 500,
                          color:
                            project.current_balance < BILLING.lowBalanceThreshold ? 'error.main' : undefined,
                        }}
                      >
                        {formatMoney(project.current_balance, project.currency, language)}
                      </TableCell>
                      <TableCell>
                        {project.tariff_plan_name ? planText.name(project.tariff_plan_name) : '—'}
                      </TableCell>
                      <TableCell align="right">{formatUnits(project.units_left, language)}</TableCell>
                      <TableCell>
                        {project.use_balance_for_analysis ? t('admin.yes') : t('admin.no')}
                      </TableCell>
                      <TableCell align="right">
                        {project.pending_invoices > 0 ? (
                          <Chip size="small" color="warning" label={project.pending_invoices} />
                        ) : (
                          0
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )
        }
      </QueryBody>
    </Section>
  );
}
