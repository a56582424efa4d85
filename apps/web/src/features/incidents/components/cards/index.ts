/**
 * The party and part sections of the incident entry form (persons, legal entities, vehicles, items,
 * attachments, corrective actions). Each renders its own FormSection inside the form's FormProvider.
 */
export { AttachmentsSection } from './attachments/attachments-section';
export { CorrectiveActionsSection } from './corrective-actions/corrective-actions-section';
export { ItemsSection } from './items/items-section';
export { LegalEntitiesSection } from './legal-entities/legal-entities-section';
export { PersonsSection } from './persons/persons-section';
export type { SectionProps } from './section-props';
export { VehiclesSection } from './vehicles/vehicles-section';
