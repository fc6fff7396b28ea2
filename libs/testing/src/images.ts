import { crc32 } from 'node:zlib';

/**
 * A PNG whose header claims `width`×`height` pixels while the file stays small: the decompression
 * bomb an upload check and the image worker must both survive. `padding` bytes of IDAT set its size.
 */
export function pngClaiming(width: number, height: number, padding = 16): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.alloc(padding)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
