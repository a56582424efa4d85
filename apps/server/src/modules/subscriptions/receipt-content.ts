import { formatAddress, formatDate, formatMoney } from '@blotter/shared';
import type { subscriptionReceipts } from '../../db/schema/index';

type ReceiptRow = typeof subscriptionReceipts.$inferSelect;

/** A labelled line of a receipt, the same in its email and its PDF. */
export interface ReceiptField {
  label: string;
  value: string;
}

const KIND_WORDS: Record<ReceiptRow['kind'], string> = {
  subscribe: 'New subscription',
  change: 'Plan change (prorated for the rest of the period)',
  renewal: 'Renewal',
};

export const receiptTitle = (receipt: Pick<ReceiptRow, 'number'>) => `Blotter receipt #${receipt.number}`;

/** The receipt's lines in three groups: the receipt, whom it bills, and what was charged. */
export function receiptFields(receipt: ReceiptRow, dateFormat: number) {
  const address = formatAddress({
    address: [receipt.billingAddressLine1, receipt.billingAddressLine2].filter((line) => line.trim()).join(', '),
    cityName: receipt.billingAddressCity,
    stateName: receipt.billingAddressState,
    postalCode: receipt.billingAddressPostalCode,
    countryCode: receipt.billingAddressCountryCode,
  });
  const receiptLines: ReceiptField[] = [
    { label: 'Receipt number', value: String(receipt.number) },
    { label: 'Paid on', value: formatDate(receipt.paidAt, dateFormat) },
    { label: 'Card', value: receipt.cardLast4 ? `Card ending in ${receipt.cardLast4}` : '' },
  ];
  const billedTo: ReceiptField[] = [
    { label: 'Company', value: receipt.companyName },
    { label: 'Contact', value: receipt.billingContactName },
    { label: 'Billing address', value: address },
    { label: 'Billing email', value: receipt.billingEmail },
  ];
  const charge: ReceiptField[] = [
    { label: 'Description', value: KIND_WORDS[receipt.kind] },
    { label: 'Plan', value: receipt.periodType === 'YEAR' ? 'Yearly' : 'Monthly' },
    { label: 'Concurrent users', value: String(receipt.concurrentUserCount) },
    {
      label: 'Period',
      value: `${formatDate(receipt.periodStart, dateFormat)} to ${formatDate(receipt.periodEnd, dateFormat)}`,
    },
    { label: 'Amount', value: formatMoney(receipt.amountCents) },
    { label: 'Tax', value: formatMoney(receipt.taxCents) },
    { label: 'Total charged', value: formatMoney(receipt.amountCents + receipt.taxCents) },
  ];
  return { receiptLines, billedTo, charge };
}
