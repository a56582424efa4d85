import Typography from '@mui/material/Typography';
import { PageContainer } from '../components/page-container';

/** The body of a page that is not built yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <PageContainer title={title}>
      <Typography color="text.secondary">Coming soon.</Typography>
    </PageContainer>
  );
}

/** Reports, Search, Analyze, Administration and Profile until their issues are done. */
export default function ComingSoonPage({ title }: { title: string }) {
  return <ComingSoon title={title} />;
}
