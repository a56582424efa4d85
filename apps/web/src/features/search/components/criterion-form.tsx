import type { SearchKind } from '@blotter/shared/schemas/search';
import type { CriterionDrafts } from '../model/criterion-drafts';
import type { CriterionLabelContext } from '../model/criterion-label';
import { AddressForm } from './forms/address-form';
import { DateForm } from './forms/date-form';
import { LookupForm } from './forms/lookup-form';
import { CompanyForm, PersonForm } from './forms/party-forms';
import { AttachmentForm, ItemForm, VehicleForm } from './forms/property-forms';
import { ActiveBanForm, CreatorForm, IncidentNumberForm, SeverityForm, StatusForm } from './forms/simple-forms';

interface CriterionFormProps<K extends SearchKind> {
  kind: K;
  value: CriterionDrafts[K];
  onChange: (next: CriterionDrafts[K]) => void;
  /** The company's lookups, countries and date format. */
  context: CriterionLabelContext;
}

/** The form of one search type (spec 2 §3 Search criteria). */
export function CriterionForm<K extends SearchKind>({ kind, value, onChange, context }: CriterionFormProps<K>) {
  // One switch over the kinds: each form gets the draft of its own kind.
  const drafts = { [kind]: value } as Partial<CriterionDrafts>;
  const change = onChange as (next: CriterionDrafts[SearchKind]) => void;
  switch (kind) {
    case 'incidentNumber':
      return drafts.incidentNumber && <IncidentNumberForm value={drafts.incidentNumber} onChange={change} />;
    case 'dateReported':
      return (
        drafts.dateReported && (
          <DateForm value={drafts.dateReported} onChange={change} dateFormat={context.dateFormat} />
        )
      );
    case 'dateOccurred':
      return (
        drafts.dateOccurred && (
          <DateForm value={drafts.dateOccurred} onChange={change} dateFormat={context.dateFormat} />
        )
      );
    case 'class':
      return (
        drafts.class && (
          <LookupForm value={drafts.class} onChange={change} label="Incident class" tree={context.incidentClasses} />
        )
      );
    case 'location':
      return (
        drafts.location && (
          <LookupForm value={drafts.location} onChange={change} label="Location" tree={context.locations} />
        )
      );
    case 'severity':
      return (
        drafts.severity && <SeverityForm value={drafts.severity} onChange={change} severities={context.severities} />
      );
    case 'person':
      return drafts.person && <PersonForm value={drafts.person} onChange={change} />;
    case 'company':
      return drafts.company && <CompanyForm value={drafts.company} onChange={change} />;
    case 'vehicle':
      return drafts.vehicle && <VehicleForm value={drafts.vehicle} onChange={change} />;
    case 'item':
      return drafts.item && <ItemForm value={drafts.item} onChange={change} />;
    case 'attachment':
      return drafts.attachment && <AttachmentForm value={drafts.attachment} onChange={change} />;
    case 'address':
      return (
        drafts.address && (
          <AddressForm value={drafts.address} onChange={change} countries={context.countries} states={context.states} />
        )
      );
    case 'status':
      return drafts.status && <StatusForm value={drafts.status} onChange={change} />;
    case 'creator':
      return drafts.creator && <CreatorForm value={drafts.creator} onChange={change} />;
    case 'activeBan':
      return drafts.activeBan && <ActiveBanForm value={drafts.activeBan} onChange={change} />;
    default:
      return null;
  }
}
