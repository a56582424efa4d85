import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PageContainerProps {
  title: string;
  children?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl';
}

/** The frame of a page inside the shell: a level-one heading and the content below it. */
export function PageContainer({ title, children, maxWidth = 'lg' }: PageContainerProps) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h1" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Container>
  );
}
