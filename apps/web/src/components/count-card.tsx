import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

interface CountCardProps {
  title: string;
  /** undefined while loading. */
  count: number | undefined;
  /** The count could not be loaded (the error toast already said why). */
  failed?: boolean;
}

/** A card showing one number under its title; a region named after the title. */
export function CountCard({ title, count, failed = false }: CountCardProps) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={titleId} variant="h2" component="h2" color="text.secondary">
          {title}
        </Typography>
        {failed && count === undefined ? (
          <Typography component="p" color="text.secondary" sx={{ mt: 2 }}>
            Not available
          </Typography>
        ) : count === undefined ? (
          <Skeleton variant="text" width={48} sx={{ fontSize: '3rem' }} aria-label={`Loading ${title}`} />
        ) : (
          <Typography component="p" variant="h3" data-testid="count" sx={{ fontWeight: 500, mt: 1 }}>
            {count}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
