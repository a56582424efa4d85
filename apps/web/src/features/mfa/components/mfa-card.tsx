import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The frame of the two-factor pages: a small card with a heading and a line of explanation. */
export function MfaCard({ title, text, children }: { title: string; text: ReactNode; children: ReactNode }) {
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 3, md: 8 } }}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography component="h1" variant="h5">
            {title}
          </Typography>
          <Typography color="text.secondary">{text}</Typography>
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}
