import type { FastifyRequest } from 'fastify';
import { GatewayError } from '../../errors/gateway-error.js';

/** A multipart form with one file: its text fields and the file's bytes (never more than the limit). */
export interface UploadForm {
  fields: Record<string, string>;
  file?: { field: string; filename: string; bytes: Buffer };
}

export interface UploadLimits {
  /** The form field that holds the file (`file`, `audio`). */
  fileField: string;
  /** The largest file accepted, in bytes: the next byte ends the upload with a 400. */
  maxFileBytes: number;
}

/** Text fields are short (a prompt, a language): 64 KiB each, 32 of them, is far above any real form. */
const FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 32;
/** Room for the text fields and the part headers and boundaries around the file. */
const FORM_OVERHEAD_BYTES = MAX_FIELDS * FIELD_BYTES + 64 * 1024;

/**
 * Reads a multipart body as it streams in (@fastify/multipart, busboy underneath): text fields are
 * collected, the one file is gathered chunk by chunk and refused as soon as it passes the limit, so
 * the gateway holds at most `maxFileBytes` of it. Every problem is a 400 naming the field.
 */
export async function readUploadForm(request: FastifyRequest, limits: UploadLimits): Promise<UploadForm> {
  if (!request.isMultipart()) {
    throw new GatewayError('validation_error', `the body must be multipart/form-data with the audio in a "${limits.fileField}" field (got content-type ${JSON.stringify(request.headers['content-type'] ?? 'none')})`, { param: limits.fileField });
  }
  // A declared length that no form within the limits can reach is refused before a byte is read.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxFileBytes + FORM_OVERHEAD_BYTES) throw tooLarge(limits);
  const form: UploadForm = { fields: {} };
  try {
    const parts = request.parts({ limits: { fileSize: limits.maxFileBytes, files: 1, fields: MAX_FIELDS, fieldSize: FIELD_BYTES, parts: MAX_FIELDS + 1 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new GatewayError('validation_error', `${part.fieldname} is longer than ${FIELD_BYTES} bytes`, { param: part.fieldname });
        form.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== limits.fileField) throw new GatewayError('validation_error', `the file must be sent in the "${limits.fileField}" field (got a file in "${part.fieldname}")`, { param: part.fieldname });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        chunks.push(chunk);
      }
      // busboy stops at the limit and marks the file truncated: one byte more than allowed was sent.
      if (part.file.truncated) throw tooLarge(limits);
      form.file = { field: part.fieldname, filename: part.filename ?? '', bytes: Buffer.concat(chunks, size) };
    }
  } catch (error) {
    if (error instanceof GatewayError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limits);
    if (code === 'FST_FILES_LIMIT') throw new GatewayError('validation_error', 'send one file only', { param: limits.fileField });
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new GatewayError('validation_error', `the form has more than ${MAX_FIELDS} fields`);
    throw new GatewayError('validation_error', `the multipart body is malformed: ${(error as Error).message}`);
  }
  return form;
}

function tooLarge(limits: UploadLimits): GatewayError {
  return new GatewayError('validation_error', `${limits.fileField} is larger than the limit of ${limits.maxFileBytes.toLocaleString("en-US")} bytes (${limits.maxFileBytes / 1_000_000} MB)`, { param: limits.fileField });
}
