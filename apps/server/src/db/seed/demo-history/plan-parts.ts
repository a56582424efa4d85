import type { Item, LegalEntity, Person, Vehicle } from '@blotter/shared';
import type { KnownPerson, Site } from '../data/demo-people';
import type { Scenario } from '../data/demo-scenarios';
import {
  businessCard,
  type DemoRefs,
  itemCard,
  knownPersonCard,
  type PersonRole,
  passerBy,
  vehicleCard,
} from './cards';
import type { SeededRandom } from './seeded-random';

export interface PlannedParts {
  persons: Person[];
  companies: LegalEntity[];
  vehicles: Vehicle[];
  items: Item[];
  /** The summary from a template: {item} is the first item, {area} the place. */
  summary(template: string, area: string): string;
}

/**
 * The persons (one to three: the reporter first, then victim, suspect and witness as the scenario
 * has them), legal entities, vehicles and items of one incident.
 */
export function planParts(
  rng: SeededRandom,
  refs: DemoRefs,
  scenario: Scenario,
  site: Site,
  known: (person: KnownPerson, card: Person) => Person,
  cast: { employees: readonly KnownPerson[]; suspects: readonly KnownPerson[] },
): PlannedParts {
  // One card per person: an employee picked twice would be two register entries of one person.
  const used = new Set<KnownPerson>();
  const employee = (role: PersonRole) => {
    const person = rng.pick(cast.employees.filter((e) => !used.has(e)));
    used.add(person);
    return known(person, knownPersonCard(rng, refs, person, role));
  };
  const persons: Person[] = [];
  const injury = (): PersonRole =>
    scenario.injured
      ? { statusInjury: true, statusFirstAid: rng.chance(0.7), statusHospitalized: rng.chance(0.15) }
      : {};
  const reporter =
    scenario.reporter === 'employee'
      ? employee({ relationReporter: true })
      : passerBy(rng, refs, rng.pick(['Visitor', 'Customer', 'Member of the public']), { relationReporter: true });
  persons.push(reporter);
  if (scenario.victim === 'employee') {
    if (rng.chance(0.4)) Object.assign(reporter, { relationVictim: true, ...injury() });
    else persons.push(employee({ relationVictim: true, ...injury() }));
  } else if (scenario.victim === 'public') {
    if (scenario.reporter === 'public' && rng.chance(0.6))
      Object.assign(reporter, { relationVictim: true, ...injury() });
    else persons.push(passerBy(rng, refs, rng.pick(['Visitor', 'Customer']), { relationVictim: true, ...injury() }));
  }
  if (scenario.suspect && persons.length < 3 && rng.chance(scenario.suspect.chance)) {
    const role: PersonRole = { relationSuspect: true };
    const regular = cast.suspects.length > 0 && rng.chance(scenario.suspect.recurring) ? rng.pick(cast.suspects) : null;
    persons.push(
      regular
        ? known(regular, knownPersonCard(rng, refs, regular, role))
        : passerBy(rng, refs, 'Member of the public', role),
    );
  }
  if (scenario.witness && persons.length < 3 && rng.chance(scenario.witness)) {
    persons.push(passerBy(rng, refs, rng.pick(['Customer', 'Visitor', 'Contractor']), { relationWitness: true }));
  }

  const companies: LegalEntity[] = [];
  if (scenario.business && rng.chance(scenario.business.chance)) {
    const owner = scenario.business.owner === true && rng.chance(0.6);
    companies.push(businessCard(rng, scenario.business.relation, owner));
  }
  const victim = persons.find((p) => p.relationVictim && !p.isEmployee);
  const vehicles: Vehicle[] = [];
  if (scenario.vehicle && rng.chance(scenario.vehicle.chance)) {
    const province = site === 'Montréal Retail Store' && rng.chance(0.85) ? 'Quebec' : 'Ontario';
    const owner = scenario.vehicle.involvement === 'Victim vehicle' ? (victim?.id ?? null) : null;
    vehicles.push(vehicleCard(rng, refs, scenario.vehicle.involvement, province, owner));
  }
  const items: Item[] = [];
  if (scenario.items) {
    const owner = victim?.id ?? companies.find((c) => c.isOwner)?.id ?? null;
    const count = rng.int(1, scenario.items.max);
    for (let i = 0; i < count; i++) items.push(itemCard(rng, scenario.items.group, scenario.items.status, owner));
  }
  const first = items[0];
  const itemText = first ? `${first.brand ? `${first.brand} ` : ''}${first.name.toLowerCase()}`.trim() : 'goods';
  return {
    persons,
    companies,
    vehicles,
    items,
    summary: (template, area) => {
      const text = template.replaceAll('{item}', itemText).replaceAll('{area}', area.toLowerCase());
      return text.charAt(0).toUpperCase() + text.slice(1);
    },
  };
}
