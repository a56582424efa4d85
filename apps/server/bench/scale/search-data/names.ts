// Value lists of the search benchmark's data set. The loader picks from them with a skew (the first
// entries are the most common), so a name search finds what it would in a real company: a few very
// common last names (Nguyễn, Smith, Tremblay) and a long tail.

// biome-ignore format: a value list, several to a line
export const FIRST_NAMES = [
  'James', 'Mary', 'Michael', 'Linda', 'David', 'Sarah', 'John', 'Jennifer', 'Robert', 'Jessica', 'Minh',
  'Thị', 'Anh', 'Văn', 'Hương', 'Đức', 'Lan', 'Tuấn', 'Ngọc', 'Quang', 'Jean', 'Marie', 'François', 'Hélène',
  'Chloé', 'Renée', 'André', 'Geneviève', 'Benoît', 'Élise', 'William', 'Emily', 'Daniel', 'Emma', 'Matthew',
  'Olivia', 'Christopher', 'Sophia', 'Andrew', 'Ava', 'José', 'María', 'Luis', 'Lucía', 'Carlos', 'Sofía',
  'Jorge', 'Zoë', 'Ángel', 'Inés', 'Wei', 'Mei', 'Jun', 'Yan', 'Hiroshi', 'Yuki', 'Ji-woo', 'Min-jun', 'Priya',
  'Arjun', 'Raj', 'Ananya', 'Mohammed', 'Fatima', 'Omar', 'Aisha', 'Ahmed', 'Layla', 'Tomasz', 'Agnieszka',
  'Søren', 'Åsa', 'Jürgen', 'Björn', 'Noah', 'Liam', 'Ethan', 'Mason', 'Logan', 'Lucas', 'Isabelle', 'Camille',
  'Gabriel', 'Raphaël', 'Léa', 'Maëlle', 'Nathan', 'Olivier', 'Sébastien', 'Mathieu', 'Grace', 'Hannah',
  'Abigail', 'Madison', 'Chris', 'Kevin', 'Brian', 'Jason', 'Ryan', 'Eric',
];

export const MIDDLE_NAMES = ['Anne', 'Marie', 'Lee', 'James', 'Thị', 'Văn', 'Joseph', 'Louise', 'Ray', 'Grace'];

// biome-ignore format: a value list, several to a line
export const LAST_NAMES = [
  'Nguyễn', 'Smith', 'Tremblay', 'Trần', 'Brown', 'Gagnon', 'Lê', 'Wilson', 'Roy', 'Phạm', 'Johnson', 'Côté',
  'Martin', 'Taylor', 'Bouchard', 'Hoàng', 'Lee', 'Gauthier', 'Williams', 'Huỳnh', 'Morin', 'Jones', 'Lavoie',
  'Phan', 'Miller', 'Fortin', 'Vũ', 'Davis', 'Gagné', 'Võ', 'Ouellet', 'Anderson', 'Pelletier', 'Đặng',
  'Thomas', 'Bélanger', 'Bùi', 'Jackson', 'Lévesque', 'Đỗ', 'White', 'Bergeron', 'Hồ', 'Harris', 'Leblanc',
  'Ngô', 'Thompson', 'Paquette', 'Dương', 'Garcia', 'Girard', 'Lý', 'Martinez', 'Simard', 'Robinson',
  'Boucher', 'Clark', 'Caron', 'Rodriguez', 'Beaulieu', 'Lewis', 'Cloutier', 'Walker', 'Dubé', 'Hall',
  'Poirier', 'Allen', 'Fournier', 'Young', 'Lapointe', 'King', 'Leclerc', 'Wright', 'Lefebvre', 'Scott',
  'Poulin', 'Green', 'Thibault', 'Baker', 'St-Pierre', 'Adams', 'Nadeau', 'Nelson', 'Martel', 'Hill',
  'Gilbert', 'Campbell', 'Hébert', 'Mitchell', 'Desjardins', 'Roberts', 'Mercier', 'Carter', 'Singh',
  'Phillips', 'Patel', 'Evans', 'Wong', 'Turner', 'Chen', 'Torres', 'Kim', 'Parker', 'Li', 'Collins', 'Zhang',
  'Edwards', 'Wang', 'Stewart', 'Liu', "O'Brien", 'MacDonald', 'Müller', 'García', 'Kowalski', 'Østergaard',
  'Núñez', 'Sánchez', 'Pérez', 'González', 'Murphy', 'Kelly', 'Sullivan', 'Fraser', 'Campeau', 'Lachance',
  'Villeneuve', 'Dufour', 'Bédard', 'Côté-Roy', 'Abernathy', 'Zieliński', 'Szymański', 'Nowak', 'Haddad',
  'Khan', 'Ali', 'Hussein', 'Rahman', 'Iqbal', 'Yamamoto', 'Tanaka', 'Sato', 'Park', 'Choi', 'Jung', 'Kang',
  'Ivanov', 'Petrov', 'Novák',
];

export const ALIASES = ['Red', 'Shorty', 'Doc', 'Ace', 'Slim', 'Junior', 'Bud', 'Kid'];

// biome-ignore format: a value list, several to a line
export const COMPANY_WORDS = [
  'Northern', 'Maple', 'Atlas', 'Summit', 'Pioneer', 'Lakeshore', 'Dépôt', 'Boréal', 'Harbour', 'Granite',
  'Cedar', 'Riverside', 'Laurentian', 'Prairie', 'Coastal', 'Metro', 'Citadel', 'Évolution', 'Sentinel',
  'Keystone', 'Tremblay', 'Nguyễn', 'Gagnon', 'Patel', 'Wong', 'Acme', 'Apex', 'Bluewater', 'Frontier',
  'Horizon',
];
// biome-ignore format: a value list, several to a line
export const COMPANY_KINDS = [
  'Logistics', 'Construction', 'Foods', 'Security', 'Transport', 'Pharmacy', 'Café', 'Electric', 'Cleaning',
  'Motors', 'Retail', 'Property Management', 'Insurance', 'Courier', 'Hardware',
];
export const COMPANY_SUFFIXES = ['Inc.', 'Ltd.', 'Corp.', 'Ltée', 'LLC', 'Group', 'Co.'];

// biome-ignore format: a value list, several to a line
export const VEHICLE_MAKERS = [
  'Toyota', 'Honda', 'Ford', 'Chevrolet', 'Hyundai', 'Nissan', 'Kia', 'Mazda', 'Volkswagen', 'Subaru', 'BMW',
  'Mercedes-Benz', 'Dodge', 'Jeep', 'GMC', 'Ram', 'Tesla', 'Audi', 'Lexus', 'Volvo',
];
// biome-ignore format: a value list, several to a line
export const VEHICLE_MODELS = [
  'Corolla', 'Civic', 'F-150', 'Silverado', 'Elantra', 'Rogue', 'Sportage', 'CX-5', 'Jetta', 'Outback', 'RAV4',
  'CR-V', 'Escape', 'Equinox', 'Tucson', 'Sentra', 'Forte', 'Mazda3', 'Golf', 'Model 3',
];
// biome-ignore format: a value list, several to a line
export const COLORS = [
  'Black', 'White', 'Silver', 'Grey', 'Blue', 'Red', 'Green', 'Brown', 'Beige', 'Yellow', 'Orange', 'Gold',
];
export const PROVINCES = ['ON', 'QC', 'BC', 'AB', 'MB', 'SK', 'NS', 'NB', 'NL', 'PE', 'NY', 'MI'];

// biome-ignore format: a value list, several to a line
export const ITEM_NAMES = [
  'Laptop', 'Mobile phone', 'Wallet', 'Backpack', 'Keys', 'Handbag', 'Bicycle', 'Tablet', 'Watch', 'Jacket',
  'Sunglasses', 'Headphones', 'Camera', 'Power drill', 'Cash box', 'Passport', 'Credit card', 'Umbrella',
  'Toolbox', 'Security badge', 'Radio', 'Monitor', 'Printer', 'Ladder', 'Pallet jack',
];
// biome-ignore format: a value list, several to a line
export const ITEM_BRANDS = [
  'Apple', 'Samsung', 'Dell', 'Lenovo', 'HP', 'Sony', 'Canon', 'DeWalt', 'Milwaukee', 'Bosch', 'Nike',
  'Adidas', 'Coach', 'Fossil', 'Garmin', 'Motorola', 'Makita', "Arc'teryx", 'Roots', 'Canada Goose',
];
export const ITEM_MODELS = ['Pro', 'Air', 'X2', 'Series 5', 'Classic', 'Ultra', 'Mini', '2024', 'Max', 'Lite'];

// biome-ignore format: a value list, several to a line
export const STREETS = [
  'King Street', 'Queen Street', 'Yonge Street', 'Rue Sainte-Catherine', 'Main Street', 'Bloor Street',
  'Boulevard René-Lévesque', 'Granville Street', 'Jasper Avenue', 'Portage Avenue', 'Dundas Street',
  'Rue Saint-Denis', 'Bay Street', 'Spadina Avenue', 'Wellington Street', 'Rideau Street', 'Robson Street',
  'Chemin de la Côte-des-Neiges', 'College Street', 'Barrington Street', 'Albert Street', 'Elgin Street',
];

export const ATTACHMENT_KINDS = [
  ['CCTV still', 'IMG_', 'jpg', 'image/jpeg', 'IMAGE'],
  ['Photo of damage', 'IMG_', 'jpg', 'image/jpeg', 'IMAGE'],
  ['Witness statement', 'statement_', 'pdf', 'application/pdf', 'PDF'],
  ['Police report', 'report_', 'pdf', 'application/pdf', 'PDF'],
  ['Receipt', 'receipt_', 'png', 'image/png', 'IMAGE'],
  ['Body camera clip', 'VID_', 'mp4', 'video/mp4', 'MOVIE'],
  ['Inventory sheet', 'inventory_', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'XLS'],
  ['Notes', 'notes_', 'txt', 'text/plain', 'TXT'],
] as const;

// biome-ignore format: a value list, several to a line
export const SUMMARY_OPENINGS = [
  'Security officer responded to a report of', 'Staff member reported', 'Customer reported',
  'Alarm monitoring centre notified the site of', 'During the evening patrol the officer observed',
  'Le gardien a signalé', 'Camera operator noticed', 'Manager on duty called about',
];
// biome-ignore format: a value list, several to a line
export const SUMMARY_SUBJECTS = [
  'a person concealing merchandise', 'a vehicle parked in the fire lane', 'water leaking from the ceiling',
  'a slip on the wet floor near the entrance', 'an unlocked emergency exit',
  'a verbal altercation between two customers', 'graffiti on the east wall',
  'a suspicious package in the lobby', 'a broken window at the loading dock',
  'an injured employee in the stockroom', 'a lost wallet handed in at reception',
  'smoke coming from an electrical panel',
];
// biome-ignore format: a value list, several to a line
export const SUMMARY_ENDINGS = [
  'Police were called and a report was filed.', 'The area was secured and cleaned up.',
  'No further action was required.', 'Management was informed the same day.',
  'The person left before police arrived.', 'First aid was given on site.',
  'Maintenance was asked to repair it.',
];

/** The company's users: the first is its administrator. */
export const USER_NAMES: readonly (readonly [first: string, last: string])[] = [
  ['Dana', 'Whitfield'],
  ['Sam', 'Ortiz'],
  ['Thảo', 'Nguyễn'],
  ['Marc-André', 'Côté'],
  ['Priya', 'Raman'],
  ['Kevin', "O'Connor"],
  ['Isabelle', 'Lévesque'],
  ['Tom', 'Baker'],
];
