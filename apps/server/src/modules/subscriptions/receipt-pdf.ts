import { renderPdf } from '../../platform/pdf';
import { type ReceiptField, receiptFields, receiptTitle } from './receipt-content';
import type { ReceiptRow } from './receipts';

const block = (fields: ReceiptField[]) => ({ fields: fields.filter((f) => f.value) });

/** The receipt as a PDF (the print's layout): the receipt, whom it bills, and the charge. */
export function receiptPdf(receipt: ReceiptRow, dateFormat: number): Promise<Buffer> {
  const { receiptLines, billedTo, charge } = receiptFields(receipt, dateFormat);
  return renderPdf({
    companyName: receipt.companyName,
    title: receiptTitle(receipt),
    subtitle: 'Paid',
    sections: [
      { title: 'Receipt', blocks: [block(receiptLines)] },
      { title: 'Billed to', blocks: [block(billedTo)] },
      { title: 'Charge', blocks: [block(charge)] },
    ],
    footer: receiptTitle(receipt),
  });
}
