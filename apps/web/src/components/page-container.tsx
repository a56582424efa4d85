import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PageContainerProps {
  title: string;
  /** A line under the title (the search page's loaded saved search). */
  subtitle?: string;
  children?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl';
}

/** The frame of a page inside the shell: a level-one heading and the content below it. */
export function PageContainer({ title, subtitle, children, maxWidth = 'lg' }: PageContainerProps) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h1" component="h1" gutterBottom={!subtitle}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="subtitle1" component="p" color="text.secondary" gutterBottom>
          {subtitle}
        </Typography>
      )}
      {children}
    </Container>
  );
}
