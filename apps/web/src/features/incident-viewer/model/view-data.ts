import type {
  Attachment,
  AttachmentRef,
  CorrectiveAction,
  Item,
  LegalEntity,
  Person,
  Vehicle,
} from '@blotter/shared/schemas/incident-parts';
import type {
  IncidentDetail,
  IncidentSnapshotView,
  ItemView,
  PersonView,
  VehicleView,
} from '@blotter/shared/schemas/incident-view';

/**
 * What the read-only sections show, whichever way the incident arrived: the saved incident with its
 * parts (viewer), or a version kept by the history (compare). Private person fields are null (or
 * blank) when the server withheld them; privateHidden says so.
 */
export type ViewPerson = Omit<Person, 'dateOfBirth' | 'lookupGenderTypeId' | PrivateText | 'cityId'> & {
  dateOfBirth: string | null;
  lookupGenderTypeId: string | null;
  cityId: string | null;
} & { [K in PrivateText]: string | null } & {
  personPictureSasKey?: string | null;
  privateHidden: boolean;
};
type PrivateText =
  | 'unit'
  | 'address'
  | 'street'
  | 'cityName'
  | 'stateName'
  | 'countryCode'
  | 'postalCode'
  | 'phone'
  | 'mobilePhone'
  | 'email';

/** A file of the incident: the stored attachment (viewer) or only its reference (history). */
export type ViewAttachmentData = AttachmentRef &
  Partial<Pick<Attachment, 'attachmentType' | 'sasKey' | 'fileName'>> & {
    thumbnailSasKey?: string | null;
  };

export type ViewVehicle = Vehicle & { ownerName?: string | null; attachments?: ViewAttachmentData[] };
export type ViewItem = Item & { ownerName?: string | null; attachments?: ViewAttachmentData[] };

/** The incident's own fields as GET /incidents/{id} answers them (the shared header schema), with its cards. */
export type IncidentViewData = Pick<
  IncidentDetail,
  | 'createUserName'
  | 'assignedUserId'
  | 'assignedUserName'
  | 'reportedDate'
  | 'occurredDate'
  | 'occurredDateUncertain'
  | 'lastClassId'
  | 'severityId'
  | 'primaryCauseId'
  | 'causeComments'
  | 'summary'
  | 'location'
  | 'close'
> & {
  persons: ViewPerson[];
  companies: LegalEntity[];
  vehicles: ViewVehicle[];
  items: ViewItem[];
  /** Every file of the incident; the Attachments section lists those not tied to a vehicle or item. */
  attachments: ViewAttachmentData[];
  correctiveActions: CorrectiveAction[];
};

export interface IncidentParts {
  persons: PersonView[];
  companies: LegalEntity[];
  vehicles: VehicleView[];
  items: ItemView[];
  attachments: Attachment[];
  correctiveActions: CorrectiveAction[];
}

/** An incident without parts (or whose parts could not be loaded). */
export const NO_PARTS: IncidentParts = {
  persons: [],
  companies: [],
  vehicles: [],
  items: [],
  attachments: [],
  correctiveActions: [],
};

/** The viewer's incident: GET /incidents/{id} with its parts (a part not loaded yet is empty). */
export function viewDataOfDetail(detail: IncidentDetail, parts: Partial<IncidentParts>): IncidentViewData {
  return {
    createUserName: detail.createUserName,
    assignedUserId: detail.assignedUserId,
    assignedUserName: detail.assignedUserName,
    reportedDate: detail.reportedDate,
    occurredDate: detail.occurredDate,
    occurredDateUncertain: detail.occurredDateUncertain,
    lastClassId: detail.lastClassId,
    severityId: detail.severityId,
    primaryCauseId: detail.primaryCauseId,
    causeComments: detail.causeComments,
    summary: detail.summary,
    location: detail.location,
    persons: parts.persons ?? [],
    companies: parts.companies ?? [],
    vehicles: parts.vehicles ?? [],
    items: parts.items ?? [],
    attachments: parts.attachments ?? [],
    correctiveActions: parts.correctiveActions ?? [],
    close: detail.close,
  };
}

/** A version kept by the history: its vehicles, items and files carry no owner names or file links. */
export function viewDataOfSnapshot(snapshot: IncidentSnapshotView): IncidentViewData {
  return {
    createUserName: snapshot.createUserName,
    assignedUserId: snapshot.assignedUserId,
    assignedUserName: snapshot.assignedUserName,
    reportedDate: snapshot.reportedDate,
    occurredDate: snapshot.occurredDate,
    occurredDateUncertain: snapshot.occurredDateUncertain,
    lastClassId: snapshot.lastClassId,
    severityId: snapshot.severityId,
    primaryCauseId: snapshot.primaryCauseId,
    causeComments: snapshot.causeComments,
    summary: snapshot.summary,
    location: snapshot.location,
    persons: snapshot.persons,
    companies: snapshot.companies,
    vehicles: snapshot.vehicles,
    items: snapshot.items,
    attachments: snapshot.attachments,
    correctiveActions: snapshot.correctiveActions,
    close: snapshot.close,
  };
}
