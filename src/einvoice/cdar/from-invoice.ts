/**
 * The 212 Encaissée of one payment, from the invoice's EN 16931 model: which business term fills which
 * field of the message (docs/payments.md, "The 212 Encaissée message"). Called by the payments outbox with
 * the invoice derived again from its stored body, as the pipeline derives it; the test suite's
 * differential test runs the same function.
 */
import type { EInvoice } from '../model.ts';
import type { Status212 } from './status-212.ts';

/** The payment's side of a 212: its message id, when the message is written, the cashing date and the parts (minor units). */
export interface CashedPayment {
  messageId: string;
  createdAt: Date;
  /** `YYYY-MM-DD`. */
  paidAt: string;
  parts: ReadonlyArray<{ percentage: number; amount: number }>;
  /** When the platform deposited the invoice (its 200 Déposée), if known. */
  receivedAt?: Date | undefined;
}

/**
 * The message's fields: BT-1, BT-2, BT-3 as the referenced document; the seller's SIREN (BT-30) and name
 * (BT-27) as issuer; the buyer's SIREN (BT-47), name (BT-44) and electronic address (BT-49) as recipient;
 * BT-5 as the amounts' currency.
 * @throws Error when the seller has no SIREN or the buyer no electronic address: a domestic B2B invoice
 * always has both (BR-FR-10, BR-FR-12), and only those get a 212.
 */
export function status212From(invoice: EInvoice, payment: CashedPayment): Status212 {
  const sellerSiren = invoice.seller.legalId?.value;
  const buyerAddress = invoice.buyer.endpoint?.value;
  if (!sellerSiren) throw new Error(`invoice ${invoice.number}: no seller SIREN (BT-30) for a 212`);
  if (!buyerAddress) throw new Error(`invoice ${invoice.number}: no buyer electronic address (BT-49) for a 212`);
  return {
    messageId: payment.messageId,
    createdAt: payment.createdAt,
    paidAt: payment.paidAt,
    invoice: { number: invoice.number, issueDate: invoice.issueDate, typeCode: invoice.typeCode, receivedAt: payment.receivedAt },
    seller: { siren: sellerSiren, name: invoice.seller.name },
    buyer: { siren: invoice.buyer.legalId?.value, name: invoice.buyer.name, address: buyerAddress },
    currency: invoice.currency,
    parts: payment.parts,
  };
}
