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
 * Its tooltip and menu (MUI's Tooltip, Popper, Menu, Popover and Modal) are a chunk of their own, fetched when
 * the button is first pointed at, focused or pressed: the sign-in page needs none of them to show.
 */
const LanguageMenuPopups = lazy(() => import('./LanguageMenuPopups'));

/** What the first interaction asked for, carried over to the button with the tooltip and menu. */
export interface LanguageMenuStart {
  open: boolean;
  focused: boolean;
}

/** Header language menu: the eleven UI languages by their own names. */
export function LanguageMenu({ color = 'inherit' }: { color?: LanguageMenuColor }) {
  const [start, setStart] = useState<LanguageMenuStart | null>(null);
  const want = (open: boolean, target: HTMLElement) => {
    const focused = target.ownerDocument.activeElement === target;
    // A transition: the plain button stays until the chunk is in, then the full one replaces it.
    startTransition(() =>
      setStart((previous) => ({
        open: open || Boolean(previous?.open),
        focused: focused || Boolean(previous?.focused),
      })),
    );
  };
  const plain = (
    <LanguageButton
      color={color}
      onPointerEnter={(event) => want(false, event.currentTarget)}
      onFocus={(event) => want(false, event.currentTarget)}
      onClick={(event) => want(true, event.currentTarget)}
    />
  );
  return (
    <Suspense fallback={plain}>{start ? <LanguageMenuPopups color={color} start={start} /> : plain}</Suspense>
  );
}
