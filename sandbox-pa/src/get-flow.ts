/**
 * `GET /flow-service/v1/flows/{flowId}?docType=` (operation getFlow) for the sandbox (src/index.ts): the flow's
 * metadata or its original file, read from the sandbox's state.
 */
import type { ServerResponse } from 'node:http';
import { sendError, sendJson } from './http.ts';
import type { SandboxState } from './state.ts';

/** Answers getFlow for `flowId`: its metadata (`docType=Metadata`) or its original file; 400 or 404 otherwise. */
export async function getFlow(res: ServerResponse, state: SandboxState, flowId: string, docType: string): Promise<void> {
  if (!['Metadata', 'Original', 'Converted', 'ReadableView'].includes(docType)) {
    sendError(res, 400, 'INVALID_FIELD_VALUE', 'docType must be one of Metadata, Original, Converted, ReadableView');
    return;
  }
  const entry = await state.get(flowId);
  if (!entry) {
    sendError(res, 404, 'MISSING_RESOURCE', 'Requested resource is Not Found');
  } else if (docType === 'Metadata') {
    sendJson(res, 200, entry.flow);
  } else if (docType !== 'Original') {
    // The sandbox neither converts nor renders: only the original exists.
    sendError(res, 404, 'MISSING_RESOURCE', `no ${docType} document for this flow`);
  } else sendOriginal(res, entry.original, entry.fileName);
}

/** The original file as an attachment named `fileName`. */
function sendOriginal(res: ServerResponse, original: Buffer, fileName: string): void {
  res.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-length': String(original.length),
    'content-disposition': `attachment;filename="${fileName.replace(/["\\\r\n]/g, '_')}"`,
  });
  res.end(original);
}
