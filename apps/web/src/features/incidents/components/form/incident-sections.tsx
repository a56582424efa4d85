import type { InitData } from '@blotter/shared/schemas/commons';
import {
  AttachmentsSection,
  CorrectiveActionsSection,
  ItemsSection,
  LegalEntitiesSection,
  PersonsSection,
  VehiclesSection,
} from '../cards';
import { SubjectAlertsPanel } from './subject-alerts-panel';
import { SummarySection } from './summary-section';
import { WhatSection } from './what-section';
import { WhenSection } from './when-section';
import { WhereSection } from './where-section';
import { WhySection } from './why-section';

/**
 * The form's sections in the spec's order, shared by the online form and the phone's offline one
 * (issue 30), in two parts: the offline form shows the rest once the top can be typed into.
 */
export function IncidentSectionsTop({
  initData,
  number,
  status,
}: {
  initData: InitData;
  number: number | null;
  status: number;
}) {
  const lookups = initData.multipleLookups;
  return (
    <>
      <WhenSection number={number} status={status} />
      <WhatSection classTree={lookups.incidentClass ?? []} severities={initData.singleLookups.severityType ?? []} />
      <WhereSection locationTree={lookups.location ?? []} countries={initData.countries} states={initData.states} />
    </>
  );
}

export function IncidentSectionsRest({ initData, workingCopyId }: { initData: InitData; workingCopyId: string }) {
  return (
    <>
      <WhySection causeTree={initData.multipleLookups.incidentCause ?? []} />
      <SummarySection />
      <SubjectAlertsPanel />
      <PersonsSection workingCopyId={workingCopyId} />
      <LegalEntitiesSection workingCopyId={workingCopyId} />
      <VehiclesSection workingCopyId={workingCopyId} />
      <ItemsSection workingCopyId={workingCopyId} />
      <AttachmentsSection workingCopyId={workingCopyId} />
      <CorrectiveActionsSection workingCopyId={workingCopyId} />
    </>
  );
}
