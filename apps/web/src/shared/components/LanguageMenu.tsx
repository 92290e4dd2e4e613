import TranslateIcon from '@mui/icons-material/Translate';
import { Box, Button, type ButtonProps } from '@mui/material';
import { lazy, type Ref, Suspense, startTransition, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';

export type LanguageMenuColor = 'inherit' | 'primary';

/** The button that opens the language menu: the translate icon and the active language's code. */
export function LanguageButton({
  color,
  ref,
  ...props
}: Omit<ButtonProps, 'color'> & { color: LanguageMenuColor; ref?: Ref<HTMLButtonElement> }) {
  const { t, i18n } = useTranslation();
  const active = currentLanguage();
  void i18n.language;
  return (
    <Button
      {...props}
      ref={ref}
      color={color}
      data-testid="language-menu"
      // The name starts with what the button shows (WCAG 2.5.3, label in name).
      aria-label={`${active.toUpperCase()}, ${t('header.language')}`}
      aria-haspopup="menu"
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
  );
}

/**
 * The menu (MUI's Menu, Popover and Modal) is a chunk of its own, fetched when the button is first pointed at,
 * focused or pressed: the sign-in page needs none of it to show. The button itself stays the same element
 * throughout, so a press that lands while the chunk arrives still opens the menu.
 */
const LanguageMenuList = lazy(() => import('./LanguageMenuList'));

/** Header language menu: the eleven UI languages by their own names. */
export function LanguageMenu({ color = 'inherit' }: { color?: LanguageMenuColor }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const want = () => startTransition(() => setWanted(true));
  return (
    <>
      <LanguageButton
        color={color}
        title={t('header.language')}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={want}
        onFocus={want}
        onClick={(event) => {
          want();
          setAnchor(event.currentTarget);
        }}
      />
      {wanted && (
        <Suspense fallback={null}>
          <LanguageMenuList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
