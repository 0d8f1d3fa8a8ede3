/**
 * The sandbox's answer to an e-reporting flow (`flowSyntax: "FRR"`, flux 10): the flow is acknowledged Ok (the
 * file was received), then the public portal's verdict comes back at once as an incoming status flow (CDAR,
 * `flowType: "MultiFlowReport"`, the same `trackingId`): 300 Déposée when the report passes the check (the
 * gateway's flux 10 XSD and F10 schematron when the sandbox is mounted with the official artefacts; a
 * well-formedness look otherwise), 301 Rejetée with the first findings as the reason otherwise. The CDAR's
 * referenced document is the transmission (TT-1) of its declarant (TT-13).
 */
import { cdarStatusFlow } from './cdar.ts';
import type { SubmitContext } from './submit.ts';
import type { FileCheckResult, FlowInfo } from './types.ts';

const tag = (xml: string, path: RegExp) => path.exec(xml)?.[1]?.trim();

/** Acknowledges the FRR flow `flowId` and stores the portal's 300 or 301 (module comment). */
export async function answerReport(flowId: string, flowInfo: FlowInfo, file: Buffer, context: SubmitContext): Promise<void> {
  const xml = file.toString('utf8');
  let result: FileCheckResult;
  if (context.checkFile) {
    try {
      result = await context.checkFile('FRR', file);
    } catch (error) {
      result = { ok: false, details: [{ reasonCode: 'OtherTechnicalError', reasonMessage: 'the report check failed unexpectedly' }] };
      context.onError(error);
    }
  } else {
    const wellFormed = /^\s*(<\?xml[^>]*>\s*)?<Report[\s>]/.test(xml) && /<\/Report>\s*$/.test(xml);
    result = wellFormed
      ? { ok: true, details: [] }
      : { ok: false, details: [{ reasonCode: 'InvalidSchema', reasonMessage: 'not a flux 10 Report' }] };
  }
  const reason = result.details
    .slice(0, 3)
    .map((d) => d.reasonMessage)
    .join(' | ')
    .slice(0, 1000);
  // The portal's verdict is stored with the acknowledgement (one write): a restart never leaves one without the other.
  await context.state.acknowledge(
    flowId,
    { status: 'Ok' },
    {
      answer: (flow, at) =>
        cdarStatusFlow(
          {
            invoiceNumber: tag(xml, /<ReportDocument>\s*<Id>([^<]*)<\/Id>/) ?? flowId,
            typeCode: tag(xml, /<ReportDocument>[\s\S]*?<TypeCode>([^<]*)<\/TypeCode>/) ?? 'IN',
            sellerSiren: tag(xml, /<Issuer>\s*<Id[^>]*>([^<]*)<\/Id>/) ?? '',
            sellerName: tag(xml, /<Issuer>[\s\S]*?<Name>([^<]*)<\/Name>/),
            receivedAt: new Date(flow.submittedAt),
          },
          result.ok
            ? { code: 300, label: 'Déposée', occurredAt: new Date(at) }
            : { code: 301, label: 'Rejetée', occurredAt: new Date(at), reasonCode: result.details[0]?.reasonCode ?? 'REJ_SEMAN', reason },
          { trackingId: flowInfo.trackingId, flowType: 'MultiFlowReport', processingRule: flowInfo.processingRule },
        ),
    },
  );
}
