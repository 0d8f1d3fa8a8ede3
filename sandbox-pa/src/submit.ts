/**
 * `POST /v1/flows` (operation createFlow): reads the multipart body with
 * busboy (parts `flowInfo`, JSON, and `file`), stores the flow with its
 * acknowledgement Pending, answers 202 with FullFlowInfo, then acknowledges it
 * (Ok or Error with details) and, for an invoice acknowledged Ok, starts its
 * lifecycle script. A flow still `Pending` when a kept state is reopened (its check was cut by a restart) is
 * acknowledged again from what was stored (`resumeAcknowledgement`).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import busboy from 'busboy';
import { readIncomingStatus } from './cdar-inbound.ts';
import { checkFlowInfo } from './flow-info.ts';
import { sendError, sendJson } from './http.ts';
import { type LifecyclePlayer, sandboxScriptFor } from './lifecycle.ts';
import type { SandboxState, StoredFlow } from './state.ts';
import type { Acknowledgement, AcknowledgementDetail, FileCheckResult, FlowInfo, FlowType } from './types.ts';
import { readUbl } from './ubl.ts';
import { answerReport } from './report-status.ts';

/** Largest accepted file (413 FILE_SIZE_EXCEEDED beyond). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** What createFlow needs from the sandbox. */
export interface SubmitContext {
  state: SandboxState;
  player: LifecyclePlayer;
  /** Delay between two statuses of a script, in milliseconds. */
  stepMs: number;
  now: () => Date;
  checkFile?: (syntax: string, bytes: Buffer) => Promise<FileCheckResult>;
  onError: (error: unknown) => void;
}

interface Parts {
  flowInfo?: string;
  file?: Buffer;
  fileName?: string;
  tooLarge: boolean;
}

function readParts(req: IncomingMessage): Promise<Parts> {
  return new Promise((resolve, reject) => {
    const parts: Parts = { tooLarge: false };
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: MAX_FILE_BYTES, files: 4, fields: 8, parts: 12 } });
    } catch (error) {
      reject(error);
      return;
    }
    parser.on('field', (name, value) => {
      if (name === 'flowInfo') parts.flowInfo = value;
    });
    // A client may send flowInfo as a part with a file name (FormData with a Blob does): accept both.
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        parts.tooLarge = true;
      });
      stream.on('end', () => {
        if (name === 'file') {
          parts.file = Buffer.concat(chunks);
          parts.fileName = info.filename;
        } else if (name === 'flowInfo') parts.flowInfo = Buffer.concat(chunks).toString('utf8');
      });
    });
    parser.on('error', reject);
    parser.on('close', () => resolve(parts));
    req.pipe(parser);
  });
}

function flowTypeOf(syntax: FlowInfo['flowSyntax']): FlowType {
  if (syntax === 'CDAR') return 'CustomerInvoiceLC';
  if (syntax === 'FRR') return 'MultiFlowReport';
  return 'CustomerInvoice';
}

const errorDetail = (reasonCode: string, reasonMessage: string): AcknowledgementDetail => ({
  level: 'Error',
  item: 'file',
  reasonCode,
  reasonMessage,
});

/** Handles createFlow. */
export async function createFlow(req: IncomingMessage, res: ServerResponse, context: SubmitContext): Promise<void> {
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) {
    return sendError(res, 400, 'MISSING_REQUIRED_FIELD', 'the body must be multipart/form-data with the parts flowInfo and file');
  }
  let parts: Parts;
  try {
    parts = await readParts(req);
  } catch (error) {
    return sendError(res, 400, 'INVALID_FIELD_VALUE', `unreadable multipart body: ${(error as Error).message}`);
  }
  if (parts.tooLarge) return sendError(res, 413, 'FILE_SIZE_EXCEEDED', `the file is over ${MAX_FILE_BYTES} bytes`);
  if (parts.flowInfo === undefined) return sendError(res, 400, 'MISSING_REQUIRED_FIELD', 'the part flowInfo is required');
  if (parts.file === undefined) return sendError(res, 400, 'MISSING_REQUIRED_FIELD', 'the part file is required');
  let json: unknown;
  try {
    json = JSON.parse(parts.flowInfo);
  } catch {
    return sendError(res, 400, 'INVALID_FIELD_VALUE', 'the part flowInfo is not JSON');
  }
  const checked = checkFlowInfo(json);
  if ('invalid' in checked) return sendError(res, 400, checked.invalid.errorCode, checked.invalid.errorMessage);
  const flowInfo = checked.flowInfo;
  const file = parts.file;
  const computed = createHash('sha256').update(file).digest('hex');
  const flowId = randomUUID();
  const stored = await context.state.add({
    flow: {
      flowId,
      trackingId: flowInfo.trackingId,
      flowType: flowTypeOf(flowInfo.flowSyntax),
      processingRule: flowInfo.processingRule ?? 'B2B',
      processingRuleSource: flowInfo.processingRule ? 'Input' : 'Computed',
      flowDirection: 'Out',
      flowSyntax: flowInfo.flowSyntax,
      flowProfile: flowInfo.flowProfile,
      acknowledgement: { status: 'Pending' },
    },
    original: file,
    fileName: flowInfo.name ?? parts.fileName ?? `${flowId}.xml`,
    flowInfo,
  });
  // FullFlowInfo: the flowInfo, the sha256 computed when not given (schema FlowInfo's description), flowId, submittedAt.
  sendJson(res, 202, { ...flowInfo, sha256: flowInfo.sha256 ?? computed, flowId, submittedAt: stored.submittedAt });
  acknowledge(flowId, flowInfo, file, computed, context).catch(context.onError);
}

/** Acknowledges again a flow found `Pending` in a reopened state; a flow stored without its flowInfo gets an Error. */
export async function resumeAcknowledgement(entry: StoredFlow, context: SubmitContext): Promise<void> {
  const { flow, original } = entry;
  const flowInfo: FlowInfo = entry.flowInfo ?? { flowSyntax: flow.flowSyntax, trackingId: flow.trackingId };
  await acknowledge(flow.flowId, flowInfo, original, createHash('sha256').update(original).digest('hex'), context);
}

async function acknowledge(flowId: string, flowInfo: FlowInfo, file: Buffer, computed: string, context: SubmitContext): Promise<void> {
  const fail = (details: AcknowledgementDetail[]) => context.state.acknowledge(flowId, { status: 'Error', details });
  if (file.length === 0) return void (await fail([errorDetail('EmptyFlow', 'the file is empty')]));
  if (flowInfo.sha256 !== undefined && flowInfo.sha256 !== computed) {
    return void (await fail([errorDetail('ChecksumMismatch', `sha256 given ${flowInfo.sha256}, computed ${computed}`)]));
  }
  const facts = flowInfo.flowSyntax === 'UBL' ? readUbl(file) : undefined;
  if (facts && 'error' in facts) return void (await fail([errorDetail('InvalidSchema', facts.error)]));
  const status = flowInfo.flowSyntax === 'CDAR' ? readIncomingStatus(file) : undefined;
  if (status && 'problem' in status) return void (await fail([errorDetail(status.problem.reasonCode, status.problem.reasonMessage)]));
  if (flowInfo.flowSyntax === 'FRR') return answerReport(flowId, flowInfo, file, context);
  if (context.checkFile) {
    let result: FileCheckResult;
    try {
      result = await context.checkFile(flowInfo.flowSyntax, file);
    } catch (error) {
      // A check that breaks must not leave the flow Pending for ever: the client would wait for nothing.
      await fail([errorDetail('OtherTechnicalError', 'the file check failed unexpectedly')]);
      throw error;
    }
    if (!result.ok) {
      const details = result.details.map((detail) => errorDetail(detail.reasonCode, detail.reasonMessage));
      return void (await fail(details.length > 0 ? details : [errorDetail('OtherTechnicalError', 'the file check failed')]));
    }
  }
  const ok: Acknowledgement = { status: 'Ok' };
  const stored = await context.state.get(flowId);
  if (!stored || !facts || stored.flow.flowType !== 'CustomerInvoice') return void (await context.state.acknowledge(flowId, ok));
  const dueAt = context.now().getTime() + context.stepMs;
  const flow = await context.state.acknowledge(flowId, ok, {
    script: {
      subject: {
        invoiceNumber: facts.invoiceNumber,
        issueDate: facts.issueDate,
        typeCode: facts.typeCode,
        sellerSiren: facts.sellerId ?? '',
        sellerName: facts.sellerName,
        buyerSiren: facts.buyerId,
        buyerName: facts.buyerName,
        receivedAt: stored.flow.submittedAt,
      },
      steps: sandboxScriptFor(facts.invoiceNumber, facts.notes),
      processingRule: stored.flow.processingRule,
      stepMs: context.stepMs,
      dueAt,
    },
  });
  if (flow) context.player.play(dueAt);
}
