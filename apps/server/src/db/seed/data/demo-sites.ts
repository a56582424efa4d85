// The demo company's scenario shape and the places of its three sites (paths of the location tree).

import type { ItemStatus } from '@blotter/shared';
import type { ItemGroup } from './demo-things';

type Severity = 'Low' | 'Medium' | 'High' | 'Critical';

export interface Scenario {
  /** The class path in the demo class tree (its deepest node); a third of the time its parent is recorded. */
  what: readonly string[];
  weight: number;
  /** Location paths ('/'-separated, from the region); a quarter of the time the parent node is recorded. */
  where: readonly string[];
  severity: Partial<Record<Severity, number>>;
  /** Chance of a suspect, and of the suspect being one of the recurring ones of the site. */
  suspect?: { chance: number; recurring: number };
  victim?: 'employee' | 'public';
  injured?: boolean;
  reporter: 'employee' | 'public';
  witness?: number;
  vehicle?: { chance: number; involvement: string };
  items?: { group: ItemGroup; status: ItemStatus; max: number };
  business?: { chance: number; relation: 'relationVictim' | 'relationReporter' | 'relationSubject'; owner?: boolean };
  /** Root cause paths of the cause tree. */
  causes?: readonly string[];
  /** Corrective action types taken. */
  actions?: readonly string[];
  summaries: readonly string[];
  closing: readonly string[];
  /** Sensitive matters an administrator may lock once closed. */
  sensitive?: boolean;
  /** Chance of being closed once it is old enough. */
  closeRate: number;
}

/** Places of the demo sites, as paths of the location tree. */
export const HO = 'Ontario/Toronto Head Office';
export const LOBBY = `${HO}/Tower A/Ground floor/Main lobby`;
export const DOCK = `${HO}/Tower A/Ground floor/Loading dock`;
export const DESK = `${HO}/Tower A/Ground floor/Security desk`;
export const RECEPTION = `${HO}/Tower A/Floor 12/Reception`;
export const OFFICE = `${HO}/Tower A/Floor 12/Open office`;
export const SERVERS = `${HO}/Tower A/Floor 12/Server room`;
export const RAMP = `${HO}/Parking garage/Level P1/Entrance ramp`;
export const VISITORS = `${HO}/Parking garage/Level P1/Visitor parking`;
export const STAIRS = `${HO}/Parking garage/Level P2/Stairwell`;
export const DC = 'Ontario/Mississauga Distribution Centre';
export const SHIPPING = `${DC}/Warehouse/Ground floor/Shipping`;
export const RECEIVING = `${DC}/Warehouse/Ground floor/Receiving`;
export const AISLES = `${DC}/Warehouse/Ground floor/Racking aisles`;
export const LUNCHROOM = `${DC}/Office/Second floor/Lunchroom`;
export const MEETING = `${DC}/Office/Second floor/Meeting room`;
export const STORE = 'Quebec/Montréal Retail Store/Main building';
export const SALES = `${STORE}/Ground floor/Sales floor`;
export const FITTING = `${STORE}/Ground floor/Fitting rooms`;
export const CHECKOUT = `${STORE}/Ground floor/Checkout`;
export const STOCKROOM = `${STORE}/Basement/Stockroom`;
export const STAFFROOM = `${STORE}/Basement/Staff room`;
