// @vitest-environment jsdom
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { screen } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { initialWizardState, wizardReducer } from '../model/wizard-state';
import { AnalysisWizard } from './analysis-wizard';

const classes: LookupNode[] = [];
const locations: LookupNode[] = [];

function Wizard({ onGenerate, canViewSubjects }: { onGenerate: () => void; canViewSubjects?: boolean }) {
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  return (
    <AnalysisWizard
      state={state}
      dispatch={dispatch}
      lookups={{ dateFormat: 0, classes, locations }}
      onGenerate={onGenerate}
      canViewSubjects={canViewSubjects}
    />
  );
}

const button = (name: string) => screen.getByRole('button', { name });
// MUI's non-linear stepper shows its steps as tabs.
const step = (label: string) => screen.getByRole('tab', { name: label });

describe('AnalysisWizard step rules (spec 2 §4)', () => {
  it('opens on the period step with Next, Back and Generate disabled and later steps out of reach', () => {
    renderWithApp(<Wizard onGenerate={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Period (Date occurred)' })).toBeInTheDocument();
    expect(button('Back')).toBeDisabled();
    expect(button('Next')).toBeDisabled();
    expect(button('Generate')).toBeDisabled();
    expect(step('Frequency')).toBeDisabled();
    expect(step('Title and Generate')).toBeDisabled();
  });

  it('walks the steps as each rule is met, defaults the title and generates', async () => {
    const onGenerate = vi.fn();
    const { user } = renderWithApp(<Wizard onGenerate={onGenerate} />);

    await user.click(button('Add period'));
    expect(button('Next')).toBeEnabled();
    expect(step('Frequency')).toBeEnabled();
    await user.click(button('Next'));

    expect(screen.getByRole('heading', { name: 'Frequency' })).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    expect(button('Next')).toBeEnabled();
    await user.click(button('Next'));

    // Incident class and location are optional.
    expect(button('Next')).toBeEnabled();
    await user.click(button('Next'));
    await user.click(button('Next'));

    expect(screen.getByRole('heading', { name: 'Report type' })).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
    expect(button('Generate')).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Bar chart' }));
    await user.click(button('Next'));

    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('My analysis');
    expect(button('Next')).toBeDisabled();
    expect(button('Generate')).toBeEnabled();

    await user.clear(title);
    expect(screen.getByText('Please enter a title.')).toBeInTheDocument();
    expect(button('Generate')).toBeDisabled();
    await user.type(title, 'Falls by month');
    await user.click(button('Generate'));
    expect(onGenerate).toHaveBeenCalledTimes(1);
  });

  it('Clear goes back to the first step with nothing chosen', async () => {
    const { user } = renderWithApp(<Wizard onGenerate={() => {}} />);
    await user.click(button('Add period'));
    await user.click(button('Next'));
    await user.click(button('Clear'));
    expect(screen.getByRole('heading', { name: 'Period (Date occurred)' })).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
    expect(step('Frequency')).toBeDisabled();
  });
});

describe('AnalysisWizard: the repeat subjects frequency (issue 31)', () => {
  it('is offered only with SUBJECT_VIEW, after the other frequencies', async () => {
    const { user, unmount } = renderWithApp(<Wizard onGenerate={() => {}} />);
    await user.click(button('Add period'));
    await user.click(button('Next'));
    expect(screen.queryByRole('radio', { name: 'Repeat subjects (2 or more incidents)' })).not.toBeInTheDocument();
    unmount();

    renderWithApp(<Wizard onGenerate={() => {}} canViewSubjects />);
    await user.click(button('Add period'));
    await user.click(button('Next'));
    const radios = screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(radios.at(-1)).toBe('repeatSubjects');
    await user.click(screen.getByRole('radio', { name: 'Repeat subjects (2 or more incidents)' }));
    expect(button('Next')).toBeEnabled();
  });
});
