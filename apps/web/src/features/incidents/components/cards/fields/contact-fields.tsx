import { CardGrid } from '../card-frame';
import { FormTextField } from './form-text-field';

/** Phone, mobile phone and email of a person or legal-entity card (spec 1 §5: 20, 20, a valid email). */
export function ContactFields({ base }: { base: `persons.${number}` | `companies.${number}` }) {
  return (
    <CardGrid>
      <FormTextField name={`${base}.phone`} label="Phone" type="tel" maxLength={20} />
      <FormTextField name={`${base}.mobilePhone`} label="Mobile phone" type="tel" maxLength={20} />
      <FormTextField name={`${base}.email`} label="Email" type="email" maxLength={255} />
    </CardGrid>
  );
}
