// The sandbox's own reading of a CDAR status flow it receives (sandbox-pa/src/cdar-inbound.ts), and the Flow
// Service reason code of each rule the host's check reports.
import { describe, expect, it } from 'vitest';
import { cdarReasonCode, readIncomingStatus } from '../../../sandbox-pa/src/cdar-inbound.ts';
import { writeStatus212 } from '../../../src/einvoice/cdar/status-212.ts';
import { itMaps } from '../../support/unit-tables.ts';
import { status212Of } from '../../support/status-212.ts';

const status212 = status212Of();
const xml = writeStatus212(status212);

describe('readIncomingStatus', () => {
  it('reads the invoice, the seller, the status and its amount blocks', () => {
    expect(readIncomingStatus(Buffer.from(xml))).toEqual({ invoiceNumber: 'FA-1', sellerSiren: '100000009', code: 212, cashedParts: 2 });
  });

  it.each<[string, string, string]>([
    ['not XML', '<rsm:CrossDomainAcknowledgementAndResponse', 'InvalidSchema'],
    ['another root', '<Invoice><ID>1</ID></Invoice>', 'InvalidSchema'],
    ['no invoice number', xml.replace(/<ram:IssuerAssignedID>FA-1<\/ram:IssuerAssignedID>/, ''), 'InvoiceLCRuleError'],
    ['no status code', xml.replace('<ram:ProcessConditionCode>212</ram:ProcessConditionCode>', ''), 'InvoiceLCRuleError'],
    [
      'no seller SIREN on the invoice',
      xml.replace(/<ram:IssuerTradeParty><ram:GlobalID schemeID="0002">100000009<\/ram:GlobalID><\/ram:IssuerTradeParty>/, ''),
      'InvoiceLCRuleError',
    ],
    [
      'a 212 without amount',
      xml.replace(/<ram:SpecifiedDocumentCharacteristic>.*<\/ram:SpecifiedDocumentCharacteristic>/, ''),
      'InvoiceLCAmountError',
    ],
    ['a 212 with an amount without rate', xml.replace('<ram:ValuePercent>10.00</ram:ValuePercent>', ''), 'InvoiceLCAmountError'],
  ])('%s: %s', (_, file, reasonCode) => {
    const read = readIncomingStatus(Buffer.from(file));
    expect('problem' in read && read.problem.reasonCode).toBe(reasonCode);
  });

  it('another status needs no amount', () => {
    const approved = xml
      .replace('<ram:ProcessConditionCode>212</ram:ProcessConditionCode>', '<ram:ProcessConditionCode>205</ram:ProcessConditionCode>')
      .replace(/<ram:SpecifiedDocumentStatus>.*<\/ram:SpecifiedDocumentStatus>/, '');
    expect(readIncomingStatus(Buffer.from(approved))).toEqual({
      invoiceNumber: 'FA-1',
      sellerSiren: '100000009',
      code: 205,
      cashedParts: 0,
    });
  });
});

describe('cdarReasonCode', () => {
  itMaps('%s → %s', cdarReasonCode, [
    ['XSD', 'InvalidSchema'],
    ['BR-FR-CDV-14', 'InvoiceLCAmountError'],
    ['BR-FR-CDV-CL-01', 'InvoiceLCRuleError'],
    ['BR-FR-CDV-16', 'InvoiceLCRuleError'],
    ['BR-FR-04', 'InvoiceLCRuleError'],
  ]);
});
