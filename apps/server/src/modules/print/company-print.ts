import { COMPANY_RELATION_FLAGS, displayName, flagsText, type LegalEntity, yesNo } from '@blotter/shared';
import type { PrintBlock, PrintField } from '../../platform/pdf';
import { printAddress } from './print-context';

/** The printed name of a legal entity: its name, or 'Unknown'. */
export const companyName = (company: Pick<LegalEntity, 'name'>) => displayName(company.name);

/**
 * A company panel of the viewer on paper (spec 1 §2): relation, is owner, name, location, contact,
 * phones, email and comments. The owner company is the user's own: its details are not printed.
 */
export function companyBlock(company: LegalEntity): PrintBlock {
  const fields: PrintField[] = [
    { label: 'Relation', value: flagsText(company, COMPANY_RELATION_FLAGS) },
    { label: 'Is owner', value: yesNo(company.isOwner) },
    { label: 'Name', value: companyName(company) },
  ];
  if (!company.isOwner) {
    fields.push(
      { label: 'Location', value: printAddress(company) },
      { label: 'Contact', value: company.contact },
      { label: 'Phone', value: company.phone },
      { label: 'Mobile phone', value: company.mobilePhone },
      { label: 'Email', value: company.email },
    );
  }
  fields.push({ label: 'Comments', value: company.comments, paragraph: true });
  return { heading: companyName(company), fields };
}
