// @vitest-environment jsdom
import { INCIDENT_SEARCH_MESSAGES, SEARCH_HINTS, type SearchCriteria } from '@blotter/shared/schemas/search';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { addCriteria, removeCriterion, setGroupOperation } from '../model/criteria-state';
import type { CriterionLabelContext } from '../model/criterion-label';
import { CriteriaList } from './criteria-list';
import { SearchBuilder } from './search-builder';

const context: CriterionLabelContext = {
  dateFormat: 0,
  incidentClasses: [],
  locations: [],
  severities: [],
  countries: [],
  states: [],
};

/** The builder and the list of criteria, wired as the search page wires them. */
function Builder({ canViewSubjects = false, compact = false }: { canViewSubjects?: boolean; compact?: boolean }) {
  const [criteria, setCriteria] = useState<SearchCriteria>({});
  return (
    <>
      <SearchBuilder
        context={context}
        compact={compact}
        canViewSubjects={canViewSubjects}
        onAdd={(kind, added) => setCriteria((current) => addCriteria(current, kind, added))}
      />
      <CriteriaList
        criteria={criteria}
        context={context}
        onRemove={(kind, id) => setCriteria((current) => removeCriterion(current, kind, id))}
        onOperationChange={(kind, operation) => setCriteria((current) => setGroupOperation(current, kind, operation))}
        onClear={() => setCriteria({})}
      />
    </>
  );
}

const criteriaList = () => screen.getByRole('region', { name: 'Search criteria' });
const numberField = () => screen.getByRole('textbox', { name: 'Incident number' });

describe('search criteria builder (spec 2 §2)', () => {
  it('refuses an invalid criterion with the rule, adds valid ones and empties the form', async () => {
    const { user } = renderWithApp(<Builder />);
    expect(within(criteriaList()).getByText('No criteria added yet.')).toBeInTheDocument();
    expect(within(criteriaList()).getByRole('button', { name: 'Clear' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent(INCIDENT_SEARCH_MESSAGES.incidentNumber);
    expect(within(criteriaList()).getByText('No criteria added yet.')).toBeInTheDocument();

    await user.type(numberField(), '42');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(numberField()).toHaveValue('');
    // Enter in the field adds as well.
    await user.type(numberField(), '7{Enter}');

    const group = within(criteriaList()).getByRole('group', { name: 'Incident number' });
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#42', '#7']);
    expect(within(criteriaList()).getByRole('button', { name: 'Clear' })).toBeEnabled();
  });

  it('switches a group between AND and OR with its hint, deletes one criterion and clears all', async () => {
    const { user } = renderWithApp(<Builder />);
    await user.type(numberField(), '42{Enter}');
    await user.type(numberField(), '7{Enter}');
    const group = within(criteriaList()).getByRole('group', { name: 'Incident number' });
    expect(within(group).getByText(SEARCH_HINTS.OR)).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'AND' }));
    expect(within(group).getByText(SEARCH_HINTS.AND)).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'AND' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(group).getByRole('button', { name: 'Delete Incident number: #42' }));
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#7']);

    await user.click(within(criteriaList()).getByRole('button', { name: 'Clear' }));
    expect(within(criteriaList()).getByText('No criteria added yet.')).toBeInTheDocument();
  });

  it('each search type keeps what was typed while another is chosen', async () => {
    const { user } = renderWithApp(<Builder />);
    await user.type(numberField(), '12');
    await user.click(screen.getByRole('tab', { name: 'Entered by' }));
    expect(screen.getByRole('heading', { name: 'Entered by' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Nguyen');
    await user.click(screen.getByRole('tab', { name: 'Incident number' }));
    expect(numberField()).toHaveValue('12');
    await user.click(screen.getByRole('tab', { name: 'Entered by' }));
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Nguyen');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const group = within(criteriaList()).getByRole('group', { name: 'Entered by' });
    expect(within(group).getByRole('listitem')).toHaveTextContent('Nguyen');
  });

  it('offers Active ban only with SUBJECT_VIEW, and adds it with its ban type and subject (issue 31)', async () => {
    const { user, unmount } = renderWithApp(<Builder />);
    expect(screen.queryByRole('tab', { name: 'Active ban' })).not.toBeInTheDocument();
    unmount();

    renderWithApp(<Builder canViewSubjects />);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.at(-1)).toBe('Active ban');
    await user.click(screen.getByRole('tab', { name: 'Active ban' }));
    // The defaults: any type on any subject.
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('combobox', { name: 'Ban type' }));
    await user.click(screen.getByRole('option', { name: 'Trespass notice' }));
    await user.click(screen.getByRole('combobox', { name: 'Subject' }));
    await user.click(screen.getByRole('option', { name: 'Vehicle' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const group = within(criteriaList()).getByRole('group', { name: 'Active ban' });
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Any subject with an active ban, trespass notice or watch', 'Vehicle with an active trespass notice']);
    // The form starts over.
    expect(screen.getByRole('combobox', { name: 'Ban type' })).toHaveTextContent('Any (ban, trespass notice or watch)');
  });

  it('lists Active ban in the phone dropdown with SUBJECT_VIEW only', async () => {
    const { user, unmount } = renderWithApp(<Builder compact />);
    await user.click(screen.getByRole('combobox', { name: 'Search type' }));
    expect(screen.queryByRole('option', { name: 'Active ban' })).not.toBeInTheDocument();
    unmount();
    renderWithApp(<Builder compact canViewSubjects />);
    await user.click(screen.getByRole('combobox', { name: 'Search type' }));
    expect(screen.getByRole('option', { name: 'Active ban' })).toBeInTheDocument();
  });
});
