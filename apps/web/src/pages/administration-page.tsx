import { hasAnyPrivilege } from '@blotter/shared/privileges';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PageContainer } from '../components/page-container';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../lib/auth/session-context';
import { ADMIN_SECTIONS, type AdminSectionKey } from './administration/admin-sections';

/** The sub-section named by navigation state: `'users'` or `{ section: 'users' }`. */
function sectionOf(state: unknown): AdminSectionKey | undefined {
  const value = typeof state === 'string' ? state : (state as { section?: unknown } | null)?.section;
  return ADMIN_SECTIONS.some((section) => section.key === value) ? (value as AdminSectionKey) : undefined;
}

/**
 * '/administration' (spec 3 §2, not on phones): an expandable card per area the user holds a
 * privilege for. It opens on the sub-section passed in navigation state, else on the first card.
 */
export default function AdministrationPage() {
  const { claims } = useSession();
  const location = useLocation();
  const sections = ADMIN_SECTIONS.filter(
    (section) => hasAnyPrivilege(claims, section.anyOf) && !(section.hiddenDuringTrial && claims?.trial),
  );
  const [expanded, setExpanded] = useState<ReadonlySet<AdminSectionKey>>(
    () => new Set([sectionOf(location.state) ?? sections[0]?.key].filter((key) => key !== undefined)),
  );
  // A banner's 'Go to Subscription' on this page already: open the card it names as well.
  const requested = sectionOf(location.state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (its key) opens the card again.
  useEffect(() => {
    if (requested) setExpanded((current) => new Set(current).add(requested));
  }, [requested, location.key]);
  const toggle = (key: AdminSectionKey, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <PageContainer title="Administration">
      {sections.map(({ key, title, Card }) => (
        <Accordion
          key={key}
          expanded={expanded.has(key)}
          onChange={(_event, open) => toggle(key, open)}
          slotProps={{ transition: { unmountOnExit: true } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`admin-${key}`} id={`admin-${key}-header`}>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem' }}>
              {title}
            </Typography>
          </AccordionSummary>
          {/* MUI gives the id named by aria-controls to the region around the details: not again here. */}
          <AccordionDetails>
            <Suspense fallback={<PageLoader />}>
              <Card />
            </Suspense>
          </AccordionDetails>
        </Accordion>
      ))}
    </PageContainer>
  );
}
