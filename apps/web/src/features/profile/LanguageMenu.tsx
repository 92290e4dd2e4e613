import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { LANGUAGE_NATIVE_NAMES, UI_LANGUAGES, type UiLanguage } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../shared/i18n';
import { useChangeLanguage } from './api';

/** Header language menu: the eleven UI languages by their own names. */
export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = currentLanguage();
  void i18n.language;

  const choose = (language: UiLanguage) => {
    setAnchor(null);
    if (language !== active) void changeLanguage(language);
  };

  return (
    <>
      <Tooltip title={t('header.language')}>
        <Button
          color={color}
          data-testid="language-menu"
          // The name starts with what the button shows (WCAG 2.5.3, label in name).
          aria-label={`${active.toUpperCase()}, ${t('header.language')}`}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          startIcon={<TranslateIcon />}
          sx={{
            textTransform: 'uppercase',
            minWidth: 0,
            // On a phone the icon alone: the header has room for little else.
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
          }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {active}
          </Box>
        </Button>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {UI_LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            lang={language}
            selected={language === active}
            onClick={() => choose(language)}
            data-testid={`language-option-${language}`}
          >
            <ListItemIcon>{language === active ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{LANGUAGE_NATIVE_NAMES[language]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
