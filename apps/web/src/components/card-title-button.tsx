import ButtonBase from '@mui/material/ButtonBase';
import type { ReactNode } from 'react';

interface CardTitleButtonProps {
  onClick: () => void;
  disabled?: boolean;
  'aria-describedby'?: string | undefined;
  children: ReactNode;
}

/**
 * A card's title as a button whose click area stretches over the whole card (the accessible card
 * pattern: the heading and the region stay intact). The card must be positioned; buttons in its
 * corner go above with a z-index.
 */
export function CardTitleButton({
  onClick,
  disabled,
  'aria-describedby': describedBy,
  children,
}: CardTitleButtonProps) {
  return (
    <ButtonBase
      onClick={onClick}
      disabled={disabled}
      disableRipple
      aria-describedby={describedBy}
      sx={(theme) => ({
        font: 'inherit',
        color: 'inherit',
        textAlign: 'left',
        // ButtonBase is positioned; static lets its ::after take the card's box.
        position: 'static',
        // The button's area covers the card, so a click anywhere on it opens it.
        '&::after': {
          content: '""',
          position: 'absolute',
          inset: 0,
          borderRadius: `${theme.shape.borderRadius}px`,
        },
        // The focus ring goes round the card, not round the title.
        '&:focus-visible': { outline: 'none' },
        '&:focus-visible::after, &.Mui-focusVisible::after': {
          outline: `2px solid ${theme.palette.primary.main}`,
          outlineOffset: -2,
        },
        '&.Mui-disabled': { color: 'inherit' },
      })}
    >
      {children}
    </ButtonBase>
  );
}
