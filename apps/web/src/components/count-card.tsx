import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { CardTitleButton } from './card-title-button';

interface CountCardProps {
  title: string;
  /** undefined while loading; a text for a count such as '10,000+'. */
  count: number | string | undefined;
  /** A line under the title (a saved search's description). */
  description?: string;
  /** Buttons in the card's corner (a saved search's edit and delete), above the card's click area. */
  actions?: ReactNode;
  /** The count could not be loaded (the error toast already said why). */
  failed?: boolean;
  /** Makes the whole card clickable through a button named after the title (the dashboard lists). */
  onClick?: () => void;
}

/**
 * A card showing one number under its title: a region named after the title. With `onClick` the
 * heading holds a button with the same name whose click area stretches over the whole card, and
 * whose description is the number (the accessible card pattern: heading and region stay intact).
 */
export function CountCard({ title, count, description, actions, failed = false, onClick }: CountCardProps) {
  const titleId = useId();
  const countId = useId();
  const clickable = Boolean(onClick) && count !== undefined;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        height: '100%',
        position: 'relative',
        ...(clickable && { '&:hover': { bgcolor: 'action.hover' } }),
      }}
    >
      {actions && (
        // Above the title button's ::after, which covers the card.
        <Box sx={{ position: 'absolute', top: 4, right: 4, zIndex: 1, display: 'flex' }}>{actions}</Box>
      )}
      <CardContent sx={actions ? { pr: 11 } : undefined}>
        <Typography id={titleId} variant="h2" component="h2" color="text.secondary">
          {onClick ? (
            // Nothing to list until the count is known.
            <CardTitleButton onClick={onClick} disabled={!clickable} aria-describedby={clickable ? countId : undefined}>
              {title}
            </CardTitleButton>
          ) : (
            title
          )}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {description}
          </Typography>
        )}
        {failed && count === undefined ? (
          <Typography component="p" color="text.secondary" sx={{ mt: 2 }}>
            Not available
          </Typography>
        ) : count === undefined ? (
          <Skeleton variant="text" width={48} sx={{ fontSize: '3rem' }} aria-label={`Loading ${title}`} />
        ) : (
          <Typography id={countId} component="p" variant="h3" data-testid="count" sx={{ fontWeight: 500, mt: 1 }}>
            {count}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
