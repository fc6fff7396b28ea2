import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '@shop/config';
import type { ServerRender, ServerRenderEntry, ServerRenderRequest } from '@shop/contracts';
import { APP_CONFIG } from '@shop/infrastructure';
import { ApiMetrics } from '../metrics/api-metrics.js';

/** Settles never, and rejects once `signal` aborts: a render still waiting on a read is not waited for past its budget. */
function abortion(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    const rejectWithReason = () => reject(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
    if (signal.aborted) rejectWithReason();
    else signal.addEventListener('abort', rejectWithReason, { once: true });
  });
}

/**
 * The web's server render (web/src/entry-server.tsx), loaded from its bundle once at start: a new web
 * build needs an api restart, as its compressed files do. Without a bundle (a dev api beside Vite's
 * server) every page is the client shell. A render that fails or outlasts WEB_SSR_BUDGET_MS is
 * logged and counted, and the page is the client shell too, which loads as it always did: never an
 * error page for a render's fault.
 */
@Injectable()
export class ServerRenderer implements OnModuleInit {
  private readonly logger = new Logger(ServerRenderer.name);
  private entry: ServerRenderEntry | null = null;

  constructor(
    private readonly metrics: ApiMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const bundle = join(resolve(this.config.WEB_SSR_DIR), 'entry-server.js');
    if (!existsSync(bundle)) {
      this.logger.log(`no server render at ${bundle}: shopper pages are sent as the client shell`);
      return;
    }
    this.entry = ((await import(pathToFileURL(bundle).href)) as { serverRenderEntry: ServerRenderEntry }).serverRenderEntry;
  }

  /** The page `url` drawn with `read`, or undefined for the client shell. `gone` aborts when the browser stopped waiting. */
  async render(url: string, gone: AbortSignal, read: ServerRenderRequest['read']): Promise<ServerRender | undefined> {
    if (!this.entry) return undefined;
    const signal = AbortSignal.any([gone, AbortSignal.timeout(this.config.WEB_SSR_BUDGET_MS)]);
    try {
      const render = await Promise.race([this.entry.renderPage({ url, signal, read }), abortion(signal)]);
      this.metrics.serverRenders.inc({ outcome: render.kind });
      return render;
    } catch (error) {
      this.metrics.serverRenders.inc({ outcome: 'fallback' });
      if (!gone.aborted) this.logger.warn(`${url} goes as the client shell: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}
