/**
 * How values are shown to people — addresses, money, dates, names, labels and lookup names — once
 * for the web app, the printed PDF, the CSV export and the emails, so they never disagree.
 */
export * from './address';
export * from './csv';
export * from './dates';
export * from './labels';
export * from './money';
export * from './names';
export * from './result-columns';
