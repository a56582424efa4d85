import { hasPrivilege } from '@blotter/shared/privileges';
import type { ChartPeriod } from '@blotter/shared/schemas/analysis';
import type { CriterionOf, SearchKind } from '@blotter/shared/schemas/search';
import { useMemo } from 'react';
import { PageLoader } from '../../components/page-loader';
import { FREQUENCY_LABELS, periodRangeLabel, REPORT_TYPE_LABELS } from '../../features/analysis/model/period-label';
import { AuditCard } from '../../features/audit/components/audit-card';
import type { AuditDescribers } from '../../features/audit/components/audit-describers';
import { IncidentVersionsCompare } from '../../features/incident-viewer';
import { criterionLabel, SEARCH_KIND_LABELS } from '../../features/search/model/criterion-label';
import { useInitData } from '../../lib/api/get-init-data';
import { useSession } from '../../lib/auth/session-context';

/**
 * The Audit card of /administration, composed here because it shows what other features own
 * (features do not import each other): the incident viewer's before/after compare and the words
 * of the search and analysis pages for the criteria of their audit entries.
 */
export default function AuditSection() {
  const { claims } = useSession();
  const { data } = useInitData();
  const describers = useMemo<AuditDescribers | undefined>(() => {
    if (!data) return undefined;
    const dateFormat = data.companySettings.dateFormat;
    const context = {
      dateFormat,
      incidentClasses: data.multipleLookups.incidentClass ?? [],
      locations: data.multipleLookups.location ?? [],
      severities: data.singleLookups.severityType ?? [],
      countries: data.countries,
      states: data.states,
    };
    const canViewPrivate = hasPrivilege(claims, 'PRIVACY_INFO_VIEW');
    return {
      renderIncidentCompare: (compare) => <IncidentVersionsCompare compare={compare} canViewPrivate={canViewPrivate} />,
      searchKindLabel: (kind) => SEARCH_KIND_LABELS[kind as SearchKind] ?? kind,
      searchCriterion: (kind, criterion) =>
        criterionLabel(kind as SearchKind, criterion as CriterionOf<SearchKind>, context),
      analysisPeriod: (period) => periodRangeLabel(period as ChartPeriod, dateFormat),
      analysisFrequency: (frequency) => FREQUENCY_LABELS[frequency as keyof typeof FREQUENCY_LABELS] ?? frequency,
      analysisChartType: (type) => REPORT_TYPE_LABELS[type as keyof typeof REPORT_TYPE_LABELS] ?? type,
    };
  }, [data, claims]);
  if (!describers) return <PageLoader />;
  return <AuditCard describers={describers} />;
}
