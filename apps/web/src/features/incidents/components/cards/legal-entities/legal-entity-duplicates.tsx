import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCallback } from 'react';
import { useWatch } from 'react-hook-form';
import { checkCompanyDuplicates } from '../../../api/check-company-duplicates';
import { useCompanyDateFormat } from '../../form/company-date-pickers';
import { useCandidateAlerts } from '../../form/subject-alerts-panel';
import { asId, asText, useIncidentForm } from '../fields/form-types';
import { DuplicateList } from '../parties/duplicate-list';
import { companyMatchToParty, type PartyMatch } from '../parties/party-match';
import { useDuplicationCheck } from '../parties/use-duplication-check';
import { companyDuplicationQuery } from '../party-rules';

interface LegalEntityDuplicatesProps {
  index: number;
  /** An adoption is under way. */
  busy: boolean;
  onAdopt: (match: PartyMatch) => Promise<void>;
}

/** The duplication check of a legal-entity card on its name (spec 1 §4). */
export function LegalEntityDuplicates({ index, busy, onAdopt }: LegalEntityDuplicatesProps) {
  const { setValue } = useIncidentForm();
  const base = `companies.${index}` as const;
  const [name, personId, checked, isOwner] = useWatch({
    name: [`${base}.name`, `${base}.personId`, `${base}.duplicationChecked`, `${base}.isOwner`],
  });
  const query = companyDuplicationQuery({
    name: asText(name),
    personId: asId(personId),
    duplicationChecked: checked === true,
    isOwner: isOwner === true,
  });
  const markChecked = useCallback(
    () => setValue(`${base}.duplicationChecked`, true, { shouldDirty: true }),
    [setValue, base],
  );
  const dateFormat = useCompanyDateFormat();
  const { matches, checkNow, dismiss } = useDuplicationCheck({
    query,
    check: async (body, signal) =>
      (await checkCompanyDuplicates(body, signal)).map((match) => companyMatchToParty(match, dateFormat)),
    onNoMatches: markChecked,
  });

  const alerts = useCandidateAlerts(
    'legalEntity',
    matches.map((match) => match.personId),
  );

  if (matches.length > 0) {
    return (
      <DuplicateList
        matches={matches}
        alerts={alerts}
        useLabel="Use this legal entity"
        busy={busy}
        onUse={(match) => void onAdopt(match)}
        onDismiss={() => {
          dismiss();
          markChecked();
        }}
      />
    );
  }
  if (!query) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Button size="small" onClick={() => void checkNow()}>
        Check duplicates
      </Button>
    </Box>
  );
}
