import type { ServerResponse } from 'node:http';
import { sep } from 'node:path';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Vite names every file under assets/ by its content hash: a name never changes its bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The shell, the service worker, the manifest and the icons keep their names across releases: the browser asks again each time (ETag). */
export const REVALIDATE = 'no-cache';

/**
 * The web build's files as the build left them: each with the `.br` and `.gz` beside it that the
 * build compressed once at its best settings, picked by the browser's Accept-Encoding (brotli first).
 * The compressed siblings are found when the api starts: a new build needs a restart to be sent
 * compressed. Directories answer nothing, so `/` reaches the shell with its meta.
 */
export function webAssets(distDir: string): RequestHandler {
  const hashedAssets = `${distDir}${sep}assets${sep}`;
  const files = expressStaticGzip(distDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (response: ServerResponse, path: string) =>
        response.setHeader('Cache-Control', path.startsWith(hashedAssets) ? IMMUTABLE : REVALIDATE),
    },
  }) as RequestHandler;
  // No file's name fails to decode; such a path goes on to the pages, whose refusal has a code, where
  // express-static-gzip would answer a bare 400 in JavaScript's words ("URI malformed").
  return (request, response, next) => (decodes(request.path) ? files(request, response, next) : next());
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
