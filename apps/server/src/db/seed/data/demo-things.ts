// Addresses, vehicles and items of the demo company's history.

import type { Site } from './demo-people';

export interface SeedAddress {
  address: string;
  street: string;
  postalCode: string;
  /** A city of the reference data: country CA, its province code and name. */
  city: { stateCode: 'ON' | 'QC' | 'BC' | 'AB'; name: string };
}

export const SITE_ADDRESSES: Record<Site, SeedAddress> = {
  'Toronto Head Office': {
    address: '100 King St W',
    street: 'King St W',
    postalCode: 'M5X 1A9',
    city: { stateCode: 'ON', name: 'Toronto' },
  },
  'Mississauga Distribution Centre': {
    address: '6750 Millcreek Dr',
    street: 'Millcreek Dr',
    postalCode: 'L5N 8H7',
    city: { stateCode: 'ON', name: 'Mississauga' },
  },
  'Montréal Retail Store': {
    address: '1255 Rue Sainte-Catherine O',
    street: 'Rue Sainte-Catherine O',
    postalCode: 'H3B 1K3',
    city: { stateCode: 'QC', name: 'Montréal' },
  },
};

/** Streets where the people of the history live, by city (house numbers are drawn). */
export const HOME_STREETS: readonly { city: SeedAddress['city']; streets: readonly string[]; postal: string }[] = [
  {
    city: { stateCode: 'ON', name: 'Toronto' },
    streets: ['Queen St E', 'Dundas St W', 'Bathurst St', 'Danforth Ave', 'Jane St', 'Gerrard St E'],
    postal: 'M',
  },
  {
    city: { stateCode: 'ON', name: 'Mississauga' },
    streets: ['Hurontario St', 'Dundas St E', 'Eglinton Ave W', 'Burnhamthorpe Rd'],
    postal: 'L5',
  },
  { city: { stateCode: 'ON', name: 'Brampton' }, streets: ['Queen St W', 'Steeles Ave E', 'Main St N'], postal: 'L6' },
  { city: { stateCode: 'ON', name: 'Hamilton' }, streets: ['King St E', 'Barton St E', 'Main St W'], postal: 'L8' },
  {
    city: { stateCode: 'QC', name: 'Montréal' },
    streets: [
      'Rue Saint-Denis',
      'Boulevard Saint-Laurent',
      'Avenue du Mont-Royal E',
      'Rue Ontario E',
      'Chemin de la Côte-des-Neiges',
    ],
    postal: 'H2',
  },
  {
    city: { stateCode: 'QC', name: 'Laval' },
    streets: ['Boulevard des Laurentides', 'Boulevard Cartier O'],
    postal: 'H7',
  },
  { city: { stateCode: 'BC', name: 'Vancouver' }, streets: ['Commercial Dr', 'Kingsway'], postal: 'V5' },
  { city: { stateCode: 'AB', name: 'Calgary' }, streets: ['Macleod Trail SE', '17 Ave SW'], postal: 'T2' },
];

export const VEHICLE_MODELS: readonly (readonly [make: string, model: string])[] = [
  ['Toyota', 'Corolla'],
  ['Toyota', 'RAV4'],
  ['Toyota', 'Camry'],
  ['Honda', 'Civic'],
  ['Honda', 'CR-V'],
  ['Ford', 'F-150'],
  ['Ford', 'Escape'],
  ['Ford', 'Transit'],
  ['Hyundai', 'Elantra'],
  ['Mazda', 'CX-5'],
  ['Chevrolet', 'Silverado'],
  ['Nissan', 'Rogue'],
  ['Kia', 'Sportage'],
  ['Volkswagen', 'Jetta'],
  ['Tesla', 'Model 3'],
  ['Subaru', 'Outback'],
  ['Dodge', 'Grand Caravan'],
  ['RAM', '1500'],
];

/** Colours as weights: silver, white, black and grey are most of what is parked in Canada. */
export const VEHICLE_COLOURS = {
  Silver: 6,
  White: 6,
  Black: 5,
  Grey: 5,
  Blue: 3,
  Red: 2,
  'Dark green': 1,
  Beige: 1,
} as const;

export interface ItemKind {
  name: string;
  brand: string;
  model: string;
  colors: readonly string[];
  /** Value range in dollars. */
  value: readonly [number, number];
  /** Serial number shape: '#' a digit, 'A' a letter, anything else as written; empty for none. */
  serial: string;
  company?: string;
}

export const ITEM_KINDS = {
  store: [
    { name: 'Perfume', brand: 'Dior', model: 'Sauvage 100 ml', colors: [''], value: [120, 180], serial: '' },
    {
      name: 'Wireless headphones',
      brand: 'Sony',
      model: 'WH-1000XM5',
      colors: ['Black', 'Silver'],
      value: [380, 450],
      serial: '#######',
    },
    {
      name: 'Winter jacket',
      brand: 'Canada Goose',
      model: 'Chilliwack',
      colors: ['Black', 'Navy'],
      value: [1200, 1500],
      serial: '',
    },
    { name: 'Jeans', brand: "Levi's", model: '501', colors: ['Blue', 'Black'], value: [80, 110], serial: '' },
    { name: 'Sneakers', brand: 'Nike', model: 'Air Max 90', colors: ['White', 'Black'], value: [160, 190], serial: '' },
    { name: 'Cosmetics', brand: "L'Oréal", model: 'Assorted', colors: [''], value: [40, 140], serial: '' },
    {
      name: 'Smart watch',
      brand: 'Apple',
      model: 'Watch Series 9',
      colors: ['Silver', 'Midnight'],
      value: [530, 700],
      serial: 'AAA#A##AAA',
    },
  ],
  office: [
    {
      name: 'Laptop',
      brand: 'Lenovo',
      model: 'ThinkPad X1 Carbon',
      colors: ['Black'],
      value: [1800, 2400],
      serial: 'PF#A#A##',
      company: 'Demo Security Inc.',
    },
    {
      name: 'Laptop',
      brand: 'Dell',
      model: 'Latitude 7440',
      colors: ['Silver'],
      value: [1600, 2100],
      serial: 'A##A#A#',
      company: 'Demo Security Inc.',
    },
    {
      name: 'Laptop',
      brand: 'Apple',
      model: 'MacBook Air 13"',
      colors: ['Silver', 'Space grey'],
      value: [1400, 1900],
      serial: 'C02A#A#AA#A#',
    },
    {
      name: 'Mobile phone',
      brand: 'Apple',
      model: 'iPhone 14',
      colors: ['Black', 'Blue', 'Silver'],
      value: [900, 1200],
      serial: 'AA#AA#A#AA',
    },
    {
      name: 'Mobile phone',
      brand: 'Samsung',
      model: 'Galaxy S23',
      colors: ['Black', 'Green'],
      value: [850, 1100],
      serial: 'R5#A##AAA#A',
    },
    {
      name: 'Tablet',
      brand: 'Apple',
      model: 'iPad Air',
      colors: ['Silver', 'Blue'],
      value: [750, 950],
      serial: 'DMP#A##AA#',
    },
    {
      name: 'Wallet',
      brand: 'Roots',
      model: 'Leather bifold',
      colors: ['Brown', 'Black'],
      value: [40, 90],
      serial: '',
    },
    {
      name: 'Backpack',
      brand: 'Herschel',
      model: 'Little America',
      colors: ['Black', 'Grey'],
      value: [110, 150],
      serial: '',
    },
    {
      name: 'Bicycle',
      brand: 'Trek',
      model: 'FX 2',
      colors: ['Silver', 'Red', 'Black'],
      value: [850, 1100],
      serial: 'WTU###A####A',
    },
    {
      name: 'Access card',
      brand: 'HID',
      model: 'iCLASS',
      colors: ['White'],
      value: [10, 15],
      serial: '######',
      company: 'Demo Security Inc.',
    },
  ],
  warehouse: [
    {
      name: 'Cordless drill',
      brand: 'DeWalt',
      model: 'DCD791',
      colors: ['Yellow'],
      value: [220, 300],
      serial: '######-##',
      company: 'Demo Security Inc.',
    },
    {
      name: 'Impact driver',
      brand: 'Milwaukee',
      model: 'M18 Fuel',
      colors: ['Red'],
      value: [250, 330],
      serial: 'A##AA######',
      company: 'Demo Security Inc.',
    },
    {
      name: 'Handheld scanner',
      brand: 'Zebra',
      model: 'TC52',
      colors: ['Black'],
      value: [1300, 1600],
      serial: '##########',
      company: 'Demo Security Inc.',
    },
    {
      name: 'Carton of televisions',
      brand: 'Samsung',
      model: '55" QLED',
      colors: ['Black'],
      value: [2400, 3600],
      serial: '',
    },
    {
      name: 'Pallet jack',
      brand: 'Uline',
      model: 'H-1043',
      colors: ['Red'],
      value: [450, 600],
      serial: 'UL######',
      company: 'Demo Security Inc.',
    },
    {
      name: 'Copper cable',
      brand: 'Southwire',
      model: '12 AWG, 3 spools',
      colors: [''],
      value: [600, 900],
      serial: '',
    },
  ],
  lost: [
    { name: 'Keys', brand: '', model: 'Ring of four keys with fob', colors: [''], value: [0, 0], serial: '' },
    { name: 'Wallet', brand: 'Fossil', model: 'Bifold', colors: ['Brown', 'Black'], value: [40, 80], serial: '' },
    { name: 'Umbrella', brand: 'Totes', model: 'Compact', colors: ['Black', 'Navy'], value: [20, 35], serial: '' },
    {
      name: 'Mobile phone',
      brand: 'Google',
      model: 'Pixel 8',
      colors: ['Black', 'Mint'],
      value: [700, 900],
      serial: '##A####A##A##',
    },
    {
      name: 'Earbuds',
      brand: 'Apple',
      model: 'AirPods Pro',
      colors: ['White'],
      value: [300, 330],
      serial: 'AAAA#A#AA#A#',
    },
    { name: 'Eyeglasses', brand: 'Ray-Ban', model: 'RX5154', colors: ['Tortoise'], value: [250, 400], serial: '' },
  ],
} as const satisfies Record<string, readonly ItemKind[]>;

export type ItemGroup = keyof typeof ITEM_KINDS;
