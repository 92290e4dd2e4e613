import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import {
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { addMetadataField, REQUIRED_METADATA } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const METADATA_NAME_MAX = 100;
const METADATA_MAX = 50;
const isRequired = (name: string) => (REQUIRED_METADATA as readonly string[]).includes(name);

/**
 * Metadata tab (spec 1 §2.2, §5): the names of the metadata an upload with this prompt asks for.
 * Department and Representative are always there and can't be removed; adding ignores blanks and duplicates.
 */
export function MetadataTab({
  fields,
  onChange,
}: {
  fields: string[];
  onChange: (fields: string[]) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const duplicate = fields.includes(name.trim());
  const full = fields.length >= METADATA_MAX;

  const add = () => {
    const next = addMetadataField(fields, name);
    if (next !== fields) {
      onChange(next);
      setName('');
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography color="textSecondary">{t('prompts.metadata.intro')}</Typography>
      <Paper variant="outlined">
        <List dense aria-label={t('prompts.metadata.listLabel')} data-testid="metadata-list">
          {fields.map((field) => (
            <ListItem
              key={field}
              data-testid={`metadata-${field}`}
              secondaryAction={
                isRequired(field) ? (
                  <Chip size="small" label={t('prompts.metadata.required')} />
                ) : (
                  <IconButton
                    edge="end"
                    aria-label={t('prompts.metadata.remove', { name: field })}
                    onClick={() => onChange(fields.filter((entry) => entry !== field))}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                )
              }
            >
              {isRequired(field) ? (
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <LockOutlinedIcon fontSize="small" />
                </ListItemIcon>
              ) : null}
              <ListItemText
                primary={field}
                inset={!isRequired(field)}
                slotProps={{ primary: { noWrap: true } }}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          label={t('prompts.metadata.newName')}
          value={name}
          disabled={full}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          helperText={
            full
              ? t('prompts.metadata.limit', { max: METADATA_MAX })
              : duplicate && name.trim()
                ? t('prompts.metadata.duplicate')
                : undefined
          }
          slotProps={{ htmlInput: { maxLength: METADATA_NAME_MAX } }}
        />
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={add}
          disabled={full}
          sx={{ flexShrink: 0 }}
        >
          {t('prompts.metadata.add')}
        </Button>
      </Stack>
    </Stack>
  );
}
