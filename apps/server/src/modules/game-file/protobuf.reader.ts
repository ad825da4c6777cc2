import type { GameFileError } from './game-file.errors';

/**
 * The protobuf wire format, read by hand: the tray files need a dozen fields, and a reader of our
 * own reports every damaged byte as the caller's GameFileError (protobufjs throws plain Errors and
 * hands out Long objects for 64-bit ids). One call reads one message level; nested messages are
 * read by asking for them, so the depth is the schema's, never the file's.
 */
export type ProtoField =
  | { field: number; wire: 0 | 1 | 5; value: bigint }
  | { field: number; wire: 2; value: Uint8Array };

/** The fields of one message, in order. Groups (wire types 3 and 4) and unknown wire types are damage. */
export function readProtoFields(bytes: Uint8Array, fail: () => GameFileError): ProtoField[] {
  const fields: ProtoField[] = [];
  let pos = 0;
  while (pos < bytes.length) {
    const tag = readVarint(bytes, pos);
    if (!tag || tag.value > 0xffffffffn) throw fail();
    pos = tag.next;
    const field = Number(tag.value >> 3n);
    const wire = Number(tag.value & 7n);
    if (field === 0) throw fail();
    if (wire === 0) {
      const v = readVarint(bytes, pos);
      if (!v) throw fail();
      fields.push({ field, wire, value: v.value });
      pos = v.next;
    } else if (wire === 1 || wire === 5) {
      const width = wire === 1 ? 8 : 4;
      if (pos + width > bytes.length) throw fail();
      let value = 0n;
      for (let i = width - 1; i >= 0; i -= 1) value = (value << 8n) | BigInt(bytes[pos + i]!);
      fields.push({ field, wire, value });
      pos += width;
    } else if (wire === 2) {
      const length = readVarint(bytes, pos);
      if (!length || length.value > BigInt(bytes.length - length.next)) throw fail();
      const end = length.next + Number(length.value);
      fields.push({ field, wire, value: bytes.subarray(length.next, end) });
      pos = end;
    } else {
      throw fail();
    }
  }
  return fields;
}

/** A base-128 varint of at most 10 bytes, kept to 64 bits; null when cut short or too long. */
export function readVarint(bytes: Uint8Array, start: number): { value: bigint; next: number } | null {
  // Seven bits at a time into two numbers (exact below 2^53), joined as a bigint once.
  let low = 0;
  let high = 0;
  for (let i = 0; i < 10; i += 1) {
    const at = start + i;
    if (at >= bytes.length) return null;
    const b = bytes[at]!;
    if (i < 4) low += (b & 0x7f) * 2 ** (7 * i);
    else high += (b & 0x7f) * 2 ** (7 * (i - 4));
    if (b < 0x80) return { value: BigInt.asUintN(64, (BigInt(high) << 28n) | BigInt(low)), next: at + 1 };
  }
  return null;
}

/** An integer field (any numeric wire type, as writers differ on fixed64 versus varint). */
export function protoInt(f: ProtoField): bigint | undefined {
  return f.wire === 2 ? undefined : f.value;
}

export function protoBytes(f: ProtoField): Uint8Array | undefined {
  return f.wire === 2 ? f.value : undefined;
}

/** Repeated 64-bit ids: one per field, or packed (8 bytes each, or varints when the length says otherwise). */
export function protoIds(f: ProtoField): bigint[] {
  if (f.wire !== 2) return [f.value];
  const bytes = f.value;
  const ids: bigint[] = [];
  if (bytes.length % 8 === 0) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let at = 0; at < bytes.length; at += 8) ids.push(view.getBigUint64(at, true));
    return ids;
  }
  for (let at = 0; at < bytes.length; ) {
    const v = readVarint(bytes, at);
    if (!v) break;
    ids.push(v.value);
    at = v.next;
  }
  return ids;
}
