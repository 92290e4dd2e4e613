import CheckIcon from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { LANGUAGE_NATIVE_NAMES, UI_LANGUAGES, type UiLanguage } from '@parley/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from '../api/profile';
import { currentLanguage } from '../i18n';
import { LanguageButton, type LanguageMenuColor, type LanguageMenuStart } from './LanguageMenu';

/**
 * The language button with its tooltip and menu, once the plain button (LanguageMenu) was first used: it
 * takes over the focus and opens the menu if the plain button had them.
 */
export default function LanguageMenuPopups({
  color,
  start,
}: {
  color: LanguageMenuColor;
  start: LanguageMenuStart;
}) {
  const { t } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const button = useRef<HTMLButtonElement>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = currentLanguage();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only what the plain button was asked for first
  useEffect(() => {
    if (start.focused || start.open) button.current?.focus();
    if (start.open) setAnchor(button.current);
  }, []);

  const choose = (language: UiLanguage) => {
    setAnchor(null);
    if (language !== active) void changeLanguage(language);
  };

  return (
    <>
      <Tooltip title={t('header.language')}>
        <LanguageButton
          ref={button}
          color={color}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        />
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
