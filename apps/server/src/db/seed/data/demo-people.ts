// People of the demo company's history: passers-by drawn from name pools of the communities of
// Toronto and Montréal, the employees who report and witness again and again, a few recurring
// suspects, and the businesses that come up. Names avoid those the browser tests type.

export type Gender = 'Female' | 'Male';

/** A name pool of one community: first names with their gender, and family names. */
export interface NamePool {
  first: readonly (readonly [name: string, gender: Gender])[];
  middle?: readonly string[];
  last: readonly string[];
}

export const NAME_POOLS: readonly NamePool[] = [
  {
    first: [
      ['Emily', 'Female'],
      ['Michael', 'Male'],
      ['Sarah', 'Female'],
      ['David', 'Male'],
      ['Megan', 'Female'],
      ['Ryan', 'Male'],
      ['Olivia', 'Female'],
      ['Tyler', 'Male'],
      ['Hannah', 'Female'],
      ['Connor', 'Male'],
    ],
    last: ['Smith', 'Wilson', 'MacDonald', 'Campbell', 'Stewart', 'Thompson', "O'Brien", 'Fraser', 'Walsh', 'Murphy'],
  },
  {
    first: [
      ['Émilie', 'Female'],
      ['François', 'Male'],
      ['Hélène', 'Female'],
      ['Mathieu', 'Male'],
      ['Geneviève', 'Female'],
      ['Benoît', 'Male'],
      ['Chloé', 'Female'],
      ['Sébastien', 'Male'],
    ],
    last: ['Tremblay', 'Gagnon', 'Côté', 'Lévesque', 'Gauthier', 'Bouchard', 'Pelletier', 'Bergeron'],
  },
  {
    first: [
      ['Minh', 'Male'],
      ['Thảo', 'Female'],
      ['Huy', 'Male'],
      ['Lan', 'Female'],
      ['Quang', 'Male'],
      ['Hương', 'Female'],
    ],
    middle: ['Văn', 'Thị', 'Đức', 'Ngọc'],
    last: ['Trần', 'Nguyễn', 'Phạm', 'Lê', 'Hoàng', 'Đặng'],
  },
  {
    first: [
      ['Łukasz', 'Male'],
      ['Zofia', 'Female'],
      ['Krzysztof', 'Male'],
      ['Agnieszka', 'Female'],
      ['Paweł', 'Male'],
      ['Małgorzata', 'Female'],
    ],
    last: ['Nowak', 'Wójcik', 'Mazur', 'Krawczyk', 'Kaczmarek', 'Zając'],
  },
  {
    first: [
      ['José', 'Male'],
      ['María', 'Female'],
      ['Luis', 'Male'],
      ['Sofía', 'Female'],
      ['João', 'Male'],
      ['Inês', 'Female'],
    ],
    last: ['García', 'Rodríguez', 'Hernández', 'Silva', 'Pereira', 'Gonçalves', 'Ramírez'],
  },
  {
    first: [
      ['Priya', 'Female'],
      ['Arjun', 'Male'],
      ['Harpreet', 'Female'],
      ['Ravi', 'Male'],
      ['Anjali', 'Female'],
      ['Gurpreet', 'Male'],
    ],
    last: ['Sharma', 'Singh', 'Patel', 'Gill', 'Dhillon', 'Sandhu'],
  },
  {
    first: [
      ['Wei', 'Male'],
      ['Mei', 'Female'],
      ['Jun', 'Male'],
      ['Ying', 'Female'],
      ['Hao', 'Male'],
      ['Grace', 'Female'],
    ],
    last: ['Zhang', 'Wang', 'Chen', 'Liu', 'Huang', 'Zhou'],
  },
  {
    first: [
      ['Ahmed', 'Male'],
      ['Fatima', 'Female'],
      ['Youssef', 'Male'],
      ['Layla', 'Female'],
      ['Karim', 'Male'],
      ['Nour', 'Female'],
    ],
    last: ['Haddad', 'Khalil', 'Mansour', 'Nasser', 'Saleh', 'Aziz'],
  },
  {
    first: [
      ['Oleksandr', 'Male'],
      ['Iryna', 'Female'],
      ['Jomar', 'Male'],
      ['Maricel', 'Female'],
      ['Kwame', 'Male'],
      ['Abena', 'Female'],
    ],
    last: ['Kovalenko', 'Shevchenko', 'Santos', 'Reyes', 'Mensah', 'Owusu'],
  },
];

/** The demo company's three sites (the location tree's second level). */
export type Site = 'Toronto Head Office' | 'Mississauga Distribution Centre' | 'Montréal Retail Store';

/** A person who comes back: recorded on the first incident, picked from the register afterwards. */
export interface KnownPerson {
  key: string;
  firstName: string;
  middleName?: string;
  lastName: string;
  alias?: string;
  gender: Gender;
  dateOfBirth?: string;
  position?: string;
  department?: string;
  /** For descriptions of suspects. */
  looks?: { height: string; weight: string; hair: string; hairLength: string; facialHair?: string; other?: string };
  site: Site;
}

export const EMPLOYEES: readonly KnownPerson[] = [
  {
    key: 'helene',
    firstName: 'Hélène',
    lastName: 'Côté',
    gender: 'Female',
    position: 'Receptionist',
    department: 'Front Desk',
    site: 'Toronto Head Office',
  },
  {
    key: 'arjun',
    firstName: 'Arjun',
    lastName: 'Patel',
    gender: 'Male',
    position: 'Systems Administrator',
    department: 'IT',
    site: 'Toronto Head Office',
  },
  {
    key: 'omar',
    firstName: 'Omar',
    lastName: 'Haddad',
    gender: 'Male',
    position: 'Facilities Coordinator',
    department: 'Facilities',
    site: 'Toronto Head Office',
  },
  {
    key: 'ryan',
    firstName: 'Ryan',
    lastName: 'MacDonald',
    gender: 'Male',
    position: 'Night Security Officer',
    department: 'Security',
    site: 'Toronto Head Office',
  },
  {
    key: 'priya',
    firstName: 'Priya',
    lastName: 'Sharma',
    gender: 'Female',
    position: 'Accountant',
    department: 'Finance',
    site: 'Toronto Head Office',
  },
  {
    key: 'maricel',
    firstName: 'Maricel',
    lastName: 'Santos',
    gender: 'Female',
    position: 'Shift Supervisor',
    department: 'Operations',
    site: 'Mississauga Distribution Centre',
  },
  {
    key: 'tomasz',
    firstName: 'Tomasz',
    lastName: 'Krawczyk',
    gender: 'Male',
    position: 'Maintenance Technician',
    department: 'Maintenance',
    site: 'Mississauga Distribution Centre',
  },
  {
    key: 'harpreet',
    firstName: 'Harpreet',
    lastName: 'Dhillon',
    gender: 'Female',
    position: 'Forklift Operator',
    department: 'Operations',
    site: 'Mississauga Distribution Centre',
  },
  {
    key: 'kwame',
    firstName: 'Kwame',
    lastName: 'Mensah',
    gender: 'Male',
    position: 'Receiver',
    department: 'Operations',
    site: 'Mississauga Distribution Centre',
  },
  {
    key: 'sofia',
    firstName: 'Sofía',
    lastName: 'Ramírez',
    gender: 'Female',
    position: 'Sales Associate',
    department: 'Operations',
    site: 'Montréal Retail Store',
  },
  {
    key: 'etienne',
    firstName: 'Étienne',
    lastName: 'Gagnon',
    gender: 'Male',
    position: 'Loss Prevention Officer',
    department: 'Security',
    site: 'Montréal Retail Store',
  },
  {
    key: 'genevieve',
    firstName: 'Geneviève',
    lastName: 'Bouchard',
    gender: 'Female',
    position: 'Store Manager',
    department: 'Operations',
    site: 'Montréal Retail Store',
  },
  {
    key: 'jose',
    firstName: 'José',
    lastName: 'Pereira',
    gender: 'Male',
    position: 'Stock Clerk',
    department: 'Operations',
    site: 'Montréal Retail Store',
  },
];

export const RECURRING_SUSPECTS: readonly KnownPerson[] = [
  {
    key: 'tran',
    firstName: 'Minh',
    middleName: 'Văn',
    lastName: 'Trần',
    alias: 'Mickey',
    gender: 'Male',
    dateOfBirth: '1994-07-12',
    looks: {
      height: '5\' 7"',
      weight: '150 lb',
      hair: 'Black',
      hairLength: 'Short',
      other: 'Grey hoodie, black backpack',
    },
    site: 'Toronto Head Office',
  },
  {
    key: 'doyle',
    firstName: 'Kevin',
    lastName: 'Doyle',
    alias: 'Slim',
    gender: 'Male',
    dateOfBirth: '1987-03-02',
    looks: {
      height: '6\' 2"',
      weight: '165 lb',
      hair: 'Brown',
      hairLength: 'Medium',
      facialHair: 'Stubble',
      other: 'Tattoo on the right hand',
    },
    site: 'Toronto Head Office',
  },
  {
    key: 'belanger',
    firstName: 'Marc-André',
    lastName: 'Bélanger',
    alias: 'Marco',
    gender: 'Male',
    dateOfBirth: '1999-11-20',
    looks: { height: '5\' 10"', weight: '175 lb', hair: 'Blond', hairLength: 'Short', other: 'Red baseball cap' },
    site: 'Montréal Retail Store',
  },
  {
    key: 'nguyen',
    firstName: 'Ngọc',
    middleName: 'Thị',
    lastName: 'Nguyễn',
    gender: 'Female',
    looks: { height: '5\' 3"', weight: '115 lb', hair: 'Black', hairLength: 'Long', other: 'Large tote bag' },
    site: 'Montréal Retail Store',
  },
  {
    key: 'wisniewski',
    firstName: 'Łukasz',
    lastName: 'Wiśniewski',
    gender: 'Male',
    dateOfBirth: '1990-05-08',
    position: 'Contract driver',
    looks: { height: '5\' 11"', weight: '190 lb', hair: 'Brown', hairLength: 'Short', facialHair: 'Beard' },
    site: 'Mississauga Distribution Centre',
  },
];

/** Businesses that come up as victims, reporters or subjects; `owner` is the demo company itself. */
export const BUSINESSES: readonly {
  name: string;
  contact: string;
  phone: string;
  city: 'Toronto' | 'Mississauga' | 'Montréal';
}[] = [
  { name: 'Northbridge Couriers Ltd.', contact: 'Dispatch desk', phone: '905-555-0144', city: 'Mississauga' },
  { name: 'Lakeshore Cleaning Services', contact: 'Alicia Brandt', phone: '416-555-0187', city: 'Toronto' },
  { name: 'Summit Elevator Co.', contact: 'Service line', phone: '416-555-0123', city: 'Toronto' },
  { name: 'Crestview Property Management', contact: 'Building office', phone: '416-555-0160', city: 'Toronto' },
  { name: 'Boulangerie Saint-Laurent', contact: 'Isabelle Roy', phone: '514-555-0132', city: 'Montréal' },
  { name: 'Trillium Insurance Group', contact: 'Claims department', phone: '1-800-555-0199', city: 'Toronto' },
  { name: 'Express Freight Lines', contact: 'Terminal manager', phone: '905-555-0171', city: 'Mississauga' },
];
