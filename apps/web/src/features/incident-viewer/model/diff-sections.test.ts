import { describe, expect, it } from 'vitest';
import { buildSections } from './build-sections';
import { diffSections, pictureKey } from './diff-sections';
import { context, incident, person, uuid } from './test-fixtures';
import type { IncidentViewData } from './view-data';

const sections = (data: IncidentViewData) => buildSections(data, context, { canViewPrivate: true });

describe('diffSections', () => {
  it('marks nothing when the versions are the same', () => {
    const ann = person({ firstName: 'Ann' });
    const diff = diffSections(sections(incident({ persons: [ann] })), sections(incident({ persons: [ann] })));
    expect([...diff.changed]).toEqual([]);
    expect([...diff.cards]).toEqual([]);
  });

  it('marks a changed summary', () => {
    const diff = diffSections(
      sections(incident({ summary: '<p>Window broken</p>' })),
      sections(incident({ summary: '<p>Window <strong>broken</strong> twice</p>' })),
    );
    expect([...diff.changed]).toEqual(['incident.summary']);
  });

  it('marks a change of formatting only in rich text', () => {
    const diff = diffSections(
      sections(incident({ summary: '<p>Window broken</p>' })),
      sections(incident({ summary: '<p><em>Window broken</em></p>' })),
    );
    expect(diff.changed.has('incident.summary')).toBe(true);
  });

  it('treats an empty rich-text document like an empty field', () => {
    const diff = diffSections(
      sections(incident({ causeComments: '' })),
      sections(incident({ causeComments: '<p></p>' })),
    );
    expect(diff.changed.size).toBe(0);
  });

  it('marks the changed fields of a card by the card id, not its position', () => {
    const ann = person({ firstName: 'Ann', lastName: 'Lee' });
    const bob = person({ firstName: 'Bob' });
    const before = sections(incident({ persons: [ann, bob] }));
    const after = sections(incident({ persons: [bob, { ...ann, lastName: 'Smith', phone: '555-0100' }] }));
    const diff = diffSections(before, after);
    expect([...diff.changed].sort()).toEqual([`persons.${ann.id}.lastName`, `persons.${ann.id}.phone`].sort());
    expect(diff.cards.size).toBe(0);
  });

  it('marks cards present in one version only, with their fields', () => {
    const ann = person({ firstName: 'Ann' });
    const bob = person({ firstName: 'Bob' });
    const diff = diffSections(sections(incident({ persons: [ann] })), sections(incident({ persons: [bob] })));
    expect([...diff.cards].sort()).toEqual([`persons.${ann.id}`, `persons.${bob.id}`].sort());
    expect(diff.changed.has(`persons.${bob.id}.firstName`)).toBe(true);
    expect(diff.changed.has(`persons.${ann.id}.firstName`)).toBe(true);
  });

  it('marks a new picture and renamed files', () => {
    const ann = person({ firstName: 'Ann', personPicture: null });
    const file = { id: uuid(), name: 'Scene', comments: '', incidentItemId: null, incidentVehicleId: null };
    const diff = diffSections(
      sections(incident({ persons: [ann], attachments: [file] })),
      sections(
        incident({
          persons: [{ ...ann, personPicture: 'pictures/a.png' }],
          attachments: [{ ...file, name: 'Scene 2' }],
        }),
      ),
    );
    expect(diff.changed.has(pictureKey(`persons.${ann.id}`))).toBe(true);
    expect(diff.changed.has(`attachments.${file.id}`)).toBe(true);
  });

  it('marks the whole Close information when the incident was closed', () => {
    const close = {
      closedBy: 'USER' as const,
      closeUserId: 'u1',
      closeUserName: 'Ada Admin',
      closeUserFirstName: 'Ada',
      closeUserLastName: 'Admin',
      closeFirstName: '',
      closeMiddleName: '',
      closeLastName: '',
      closeAlias: '',
      closePosition: '',
      closeDepartment: '',
      closeEmail: '',
      closePhone: '',
      closeMobilePhone: '',
      closeComments: '',
      closeCommentsText: '',
      closeDate: '2024-03-06T10:00:00.000Z',
    };
    const diff = diffSections(sections(incident()), sections(incident({ close })));
    expect([...diff.changed].sort()).toEqual(['close.closeDate', 'close.closedBy', 'close.name']);
  });

  it('marks nothing for the first version (no version before it)', () => {
    expect(diffSections(null, sections(incident())).changed.size).toBe(0);
  });
});
