import CheckIcon from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { LANGUAGE_NATIVE_NAMES, UI_LANGUAGES, type UiLanguage } from '@parley/contracts';
import { useChangeLanguage } from '../api/language';
import { currentLanguage } from '../i18n';

/** The language menu's list, loaded once the header button was first used (see LanguageMenu). */
export default function LanguageMenuList({
  anchor,
  onClose,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const changeLanguage = useChangeLanguage();
  const active = currentLanguage();

  const choose = (language: UiLanguage) => {
    onClose();
    if (language !== active) void changeLanguage(language);
  };

  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
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
  );
}
