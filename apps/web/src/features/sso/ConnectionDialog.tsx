import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import type { SsoConnection, SsoProtocol } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useCreateConnection, useUpdateConnection } from './api';

/** Creates a connection (no `connection`) or changes one; a blank secret keeps the stored one. */
export function ConnectionDialog({
  connection,
  onClose,
}: {
  connection?: SsoConnection;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage('sso');
  const create = useCreateConnection();
  const update = useUpdateConnection(connection?.id ?? 0);
  const save = connection ? update : create;
  const [protocol, setProtocol] = useState<SsoProtocol>(connection?.protocol ?? 'oidc');
  const [values, setValues] = useState({
    name: connection?.name ?? '',
    oidc_issuer: connection?.oidc_issuer ?? '',
    oidc_client_id: connection?.oidc_client_id ?? '',
    oidc_client_secret: '',
    saml_metadata_url: connection?.saml_metadata_url ?? '',
    saml_metadata_xml: '',
    groups_attribute: connection?.groups_attribute ?? '',
  });
  const field = (key: keyof typeof values, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[key]}
      onChange={(event) => setValues({ ...values, [key]: event.target.value })}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `sso-${key}` } }}
      {...extra}
    />
  );
  const submit = () => {
    const settings =
      protocol === 'oidc'
        ? {
            oidc_issuer: values.oidc_issuer.trim(),
            oidc_client_id: values.oidc_client_id.trim(),
            ...(values.oidc_client_secret && { oidc_client_secret: values.oidc_client_secret }),
          }
        : {
            ...(values.saml_metadata_url.trim() && { saml_metadata_url: values.saml_metadata_url.trim() }),
            ...(values.saml_metadata_xml.trim() && { saml_metadata_xml: values.saml_metadata_xml }),
          };
    const body = { name: values.name.trim(), groups_attribute: values.groups_attribute.trim(), ...settings };
    const done = { onSuccess: onClose };
    if (connection) update.mutate(body, done);
    else create.mutate({ ...body, protocol }, done);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{connection ? t('sso.dialog.editTitle') : t('sso.dialog.newTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {save.isError ? <Alert severity="error">{errorMessage(save.error)}</Alert> : null}
          {field('name', t('sso.dialog.name'), { autoFocus: true, required: true })}
          <RadioGroup
            row
            value={protocol}
            onChange={(event) => setProtocol(event.target.value as SsoProtocol)}
          >
            <FormControlLabel
              value="oidc"
              control={<Radio />}
              label="OpenID Connect"
              disabled={Boolean(connection)}
            />
            <FormControlLabel
              value="saml"
              control={<Radio />}
              label="SAML 2.0"
              disabled={Boolean(connection)}
            />
          </RadioGroup>
          {protocol === 'oidc' ? (
            <>
              {field('oidc_issuer', t('sso.dialog.issuer'), { helperText: t('sso.dialog.issuerHelp') })}
              {field('oidc_client_id', t('sso.dialog.clientId'))}
              {field('oidc_client_secret', t('sso.dialog.clientSecret'), {
                type: 'password',
                autoComplete: 'off',
                helperText: connection?.has_client_secret ? t('sso.dialog.secretKept') : undefined,
              })}
            </>
          ) : (
            <>
              {field('saml_metadata_url', t('sso.dialog.metadataUrl'))}
              {field('saml_metadata_xml', t('sso.dialog.metadataXml'), {
                multiline: true,
                minRows: 3,
                maxRows: 8,
                helperText: t('sso.dialog.metadataHelp'),
              })}
            </>
          )}
          {field('groups_attribute', t('sso.dialog.groupsAttribute'), {
            helperText: t('sso.dialog.groupsHelp'),
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={save.isPending || !values.name.trim()}
          data-testid="sso-save"
        >
          {save.isPending ? t('common.saving') : t('sso.dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
